import { RichText, Section } from '#engine'
import { SiteLink } from '../kit/chrome/site-link.tsx'
import { buttonClass } from '../kit/ui/button.tsx'
import type { PageLandingProps } from './props.ts'

/** A landing page: its own headline, text and button, then its sections in order. */
export default function PageLanding({ page }: PageLandingProps) {
  if (!page) throw new Error('This landing page is not in the content')
  return (
    <article>
      <header className="bg-surface">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 px-4 py-14">
          <h1 className="text-4xl font-bold text-body md:text-5xl">{page.headline ?? page.title}</h1>
          {page.body && <RichText html={page.body} className="max-w-2xl text-lg text-gray-700 [&_a]:underline" />}
          {page.cta_text && page.cta_url && (
            <SiteLink href={page.cta_url} className={buttonClass('primary')}>
              {page.cta_text}
            </SiteLink>
          )}
        </div>
      </header>
      {page.sections.map((section, index) => (
        <Section key={`${section.block}-${index}`} section={section} />
      ))}
    </article>
  )
}
