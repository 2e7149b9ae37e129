import { useSiteContent } from '#engine'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionContactProps } from './props.ts'

/** How to reach the plan: the phone and hours are the site's own (one place to change them). */
export default function SectionContact({ title, text, address, email, show_phone }: SectionContactProps) {
  const header = useSiteContent().header.variables
  const phone = show_phone ? header.header_phone_number : undefined
  return (
    <SectionBand name="contact" tone="surface" width="3xl" className="flex flex-col gap-4 py-10">
      <h2 className="text-2xl font-bold">{title}</h2>
      {text && <p className="text-gray-700">{text}</p>}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {phone && (
          <>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={header.header_phone_link ?? phoneHref(phone)} className="underline">
                {formatPhone(phone)}
              </a>
              {header.header_timing && <span className="block text-gray-700">{header.header_timing}</span>}
            </dd>
          </>
        )}
        {email && (
          <>
            <dt className="font-semibold">Email</dt>
            <dd>
              <a href={`mailto:${email}`} className="underline">
                {email}
              </a>
            </dd>
          </>
        )}
        {address && (
          <>
            <dt className="font-semibold">Mail</dt>
            <dd className="whitespace-pre-line">{address}</dd>
          </>
        )}
      </dl>
    </SectionBand>
  )
}
