import { RichText, Section } from '#engine'
import type { PageContentProps } from './props.ts'
import { fillText } from '#schemas/fill-text.ts'

/** A content page: its heading (visible, or for screen readers only above a hero), its introduction, its sections. */
export default function PageContent({ settings, pageTitle }: PageContentProps) {
  return (
    <article>
      <header className={settings.hide_title ? 'sr-only' : 'bg-surface text-body'}>
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 pt-12 pb-2">
          <h1 className="text-4xl font-bold">{settings.title ?? pageTitle}</h1>
          {settings.updated && (
            <p className="text-sm text-gray-700">{fillText(settings.updated_label, { date: settings.updated })}</p>
          )}
          {settings.intro && <RichText html={settings.intro} className="text-lg text-gray-700 [&_a]:underline" />}
        </div>
      </header>
      {settings.sections.map((section, index) => (
        <Section key={`${section.block}-${index}`} section={section} />
      ))}
    </article>
  )
}
