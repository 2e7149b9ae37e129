import { useContext, useEffect } from 'react'
import { useEngine } from './engine-context.tsx'
import { HeadContext } from './head.ts'

/** Separator between the page title and the site's global title. */
export const TITLE_SEPARATOR = ' | '

export const composeTitle = (title: string | undefined, globalTitle: string | undefined) =>
  [title, globalTitle].filter(Boolean).join(TITLE_SEPARATOR)

/**
 * Sets the document title to `{title} | {global title}`. Rendered by leaf views only
 * (a page, an error view), so the deepest view decides: on the server the title is
 * collected for the document head, in the browser it is set after render.
 */
export function PageTitle({ title }: { title: string | undefined }) {
  const { globalTitle } = useContext(HeadContext)
  const { onTitle } = useEngine()
  const full = composeTitle(title, globalTitle)
  onTitle?.(full)
  useEffect(() => {
    document.title = full
  }, [full])
  return null
}
