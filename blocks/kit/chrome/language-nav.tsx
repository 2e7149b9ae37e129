import { languageChoiceHref } from '#engine'
import type { LanguageLinksProps } from './language-links.ts'

/**
 * The page in each published language, each named in its own: the server remembers the choice and
 * opens the page in it (a document navigation, `/language`). A static part of the header
 * (header-parts.tsx): its code loads only to render it in the browser, after a navigation.
 */
export default function LanguageNav({ label, current, path, links }: LanguageLinksProps) {
  return (
    <nav aria-label={label} className="mx-auto max-w-7xl px-4 pt-1 text-sm">
      <ul className="flex justify-end gap-4">
        {links.map(({ code, name }) => (
          <li key={code}>
            <a
              href={languageChoiceHref(code, path)}
              hrefLang={code}
              lang={code}
              aria-current={code === current || undefined}
              className="underline aria-[current]:font-semibold aria-[current]:no-underline"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
