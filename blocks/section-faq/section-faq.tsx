import { RichText } from '#engine'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionFaqProps } from './props.ts'

export default function SectionFaq({ title, items }: SectionFaqProps) {
  return (
    <SectionBand name="faq" tone="white" width="3xl" className="py-14">
      <h2 className="mb-6 text-3xl font-bold">{title}</h2>
      <div className="divide-y divide-gray-200 rounded-lg border border-gray-200">
        {items.map((item, index) => (
          <details key={`${item.question}-${index}`} className="group p-4">
            <summary className="cursor-pointer list-none font-semibold marker:hidden focus-visible:outline-2">
              <span className="mr-2 inline-block transition-transform group-open:rotate-90" aria-hidden="true">
                ›
              </span>
              {item.question}
            </summary>
            <RichText html={item.answer} className="mt-3 text-gray-700 [&_a]:underline" />
          </details>
        ))}
      </div>
    </SectionBand>
  )
}
