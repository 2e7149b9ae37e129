import { RichText } from '#engine'
import type { SectionNoticeProps } from './props.ts'

/** A disclosure in a frame of its own, named by its title for assistive technology. */
export default function SectionNotice({ title, body, tone }: SectionNoticeProps) {
  return (
    <div className="bg-white px-4 py-6 text-body" data-section="notice">
      <aside
        role="note"
        aria-label={title}
        className={`mx-auto flex max-w-3xl flex-col gap-2 rounded-md border-l-4 p-5 ${tone === 'important' ? 'border-amber-600 bg-amber-50' : 'border-sky-700 bg-sky-50'}`}
      >
        <p className="font-bold">{title}</p>
        <RichText
          html={body}
          className="flex flex-col gap-2 text-gray-900 [&_a]:font-semibold [&_a]:underline [&_li]:ml-6 [&_ul]:list-disc"
        />
      </aside>
    </div>
  )
}
