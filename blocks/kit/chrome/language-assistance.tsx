import { languageAssistanceWords, type LanguageAssistanceWords } from '#schemas/language-assistance.ts'

/**
 * The notice of free language assistance and its taglines, each tagline in its language (`lang`)
 * and direction (`dir="auto"`: Arabic and Farsi read right to left), `{phone}` the plan's number
 * (or `fallback`). A static part of the footer (footer-parts.tsx) and a part of the grievance form:
 * its code loads only to render it in the browser, after a navigation.
 */
export default function LanguageAssistance({
  assistance,
  phone,
  fallback,
  id = 'language-assistance',
  className,
}: {
  assistance: LanguageAssistanceWords
  phone: string | undefined
  fallback?: string
  id?: string
  className?: string
}) {
  const { heading, notice, taglines } = languageAssistanceWords(assistance, phone, fallback)
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-2 text-sm ${className ?? ''}`}>
      <h2 id={id} className="font-semibold">
        {heading}
      </h2>
      <p>{notice}</p>
      {taglines.length > 0 && (
        <ul className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2 lg:grid-cols-3">
          {taglines.map((tagline) => (
            <li key={tagline.lang} lang={tagline.lang} dir="auto" className="text-start">
              {tagline.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
