import { RichText } from '#engine'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionRichTextProps } from './props.ts'

/** Formatted text, sanitised by the engine before it is inserted. */
export default function SectionRichText({ title, body, anchor }: SectionRichTextProps) {
  return (
    <SectionBand id={anchor} name="rich-text" tone="white" width="3xl" className="flex flex-col gap-4 py-8">
      {title && <h2 className="text-2xl font-bold">{title}</h2>}
      <RichText
        html={body}
        className="flex flex-col gap-3 leading-relaxed text-gray-800 [&_a]:underline [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_ul]:list-disc"
      />
    </SectionBand>
  )
}
