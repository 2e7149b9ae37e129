import { useEffect, useRef, useState } from 'react'
import { fromPreviewSchema, type ToPreview } from './protocol.ts'

export interface PreviewFrameProps {
  content: unknown
  path: string
  /** The language shown (a language the draft translates); absent, the default. */
  locale?: string | undefined
  signedIn: boolean
  /** The width the site renders at (its breakpoints apply), in CSS pixels. */
  width: number
  height: number
  /** Scale the frame down to fit (thumbnails). */
  scale?: number
  title: string
  onProblem?: (message: string | undefined) => void
}

/**
 * A preview of the draft in an isolated frame (`/playground/preview`): the editor posts the draft
 * whenever it changes; the frame renders it with the site's engine and blocks.
 */
export function PreviewFrame({
  content,
  path,
  locale,
  signedIn,
  width,
  height,
  scale = 1,
  title,
  onProblem,
}: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [ready, setReady] = useState(false)
  const report = useRef(onProblem)
  useEffect(() => {
    report.current = onProblem
  })

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return
      const message = fromPreviewSchema.safeParse(event.data)
      if (!message.success) return
      if (message.data.type === 'ready') setReady(true)
      if (message.data.type === 'rendered') report.current?.(undefined)
      if (message.data.type === 'invalid') report.current?.(message.data.message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  useEffect(() => {
    if (!ready) return
    const message: ToPreview = { type: 'draft', content, path, signedIn, ...(locale ? { locale } : {}) }
    frame.current?.contentWindow?.postMessage(message, window.location.origin)
  }, [ready, content, path, locale, signedIn])

  return (
    <div
      style={{ width: width * scale, height: height * scale }}
      className="overflow-hidden rounded border border-slate-300 bg-white"
    >
      <iframe
        ref={frame}
        title={title}
        src="/playground/preview"
        style={{ width, height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        className="block border-0"
      />
    </div>
  )
}
