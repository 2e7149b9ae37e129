import { useMemo } from 'react'
import { useEngine } from './engine-context.tsx'

/**
 * Rich text from content. Content reaches blocks already sanitised by the engine; this
 * sanitises again (DOMPurify is idempotent, so the server's and the browser's HTML agree) so
 * HTML from any other source, a story's controls say, is never inserted raw.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const { sanitize } = useEngine()
  const safe = useMemo(() => sanitize(html), [sanitize, html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />
}
