import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PreviewSite, translate } from '#engine/tools'
import type { CmsContent } from '#schemas/cms.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import siteSchema from '#schemas/generated/site-content.schema.json' with { type: 'json' }
import type { PublicConfig } from '#schemas/runtime.ts'
import { manifest } from '#site-config/manifest.ts'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { api } from './api.ts'
import { toPreviewSchema, type FromPreview } from './protocol.ts'
import { sampleTransport } from './sample-data.ts'
import '../site-config/styles.css'

interface Shown {
  content: CmsContent
  path: string
  signedIn: boolean
  locale: string | undefined
}

/** The draft in `locale`: its translations over the default's texts, as the server lays them (engine/localized.ts). */
function inLanguage(content: CmsContent, locale: string | undefined): CmsContent {
  const texts = locale ? content.translations?.[locale] : undefined
  return texts ? translate(siteSchema as Record<string, unknown>, content, texts).content : content
}

const samples = sampleTransport()

const tell = (message: FromPreview) => window.parent.postMessage(message, window.location.origin)

/**
 * The preview frame: renders the draft the editor sends through the site's own engine, in a
 * frame of its own so the editor's styles and the site's never mix.
 */
function PreviewApp() {
  const [config, setConfig] = useState<PublicConfig>()
  const [shown, setShown] = useState<Shown>()
  const [problem, setProblem] = useState<string>()

  useEffect(() => {
    void api.config().then(setConfig)
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const message = toPreviewSchema.safeParse(event.data)
      if (!message.success) return
      try {
        const { locale } = message.data
        setShown({
          content: inLanguage(
            parseCmsContent(message.data.content, () => undefined),
            locale,
          ),
          path: message.data.path,
          signedIn: message.data.signedIn,
          locale,
        })
        document.documentElement.lang = locale ?? site.locales?.default ?? 'en'
        setProblem(undefined)
        tell({ type: 'rendered', path: message.data.path })
      } catch (error) {
        // Keep showing the last draft that parsed, and say why the newest does not show.
        const text = error instanceof Error ? error.message : String(error)
        setProblem(text)
        tell({ type: 'invalid', message: text })
      }
    }
    window.addEventListener('message', onMessage)
    tell({ type: 'ready' })
    return () => window.removeEventListener('message', onMessage)
  }, [])

  if (!config || !shown) {
    return (
      <p className="p-6 text-gray-700">
        {problem ? `The draft has errors; fix them to see the preview. ${problem}` : 'Waiting for the editor…'}
      </p>
    )
  }
  return (
    <>
      {problem && (
        <p role="status" className="sticky top-0 z-[2000] bg-red-100 px-4 py-2 text-sm text-red-900">
          The latest edits have errors, so the preview shows the last valid draft. {problem}
        </p>
      )}
      <PreviewSite
        manifest={manifest}
        registry={registry}
        site={site}
        config={config}
        content={shown.content}
        session={
          shown.signedIn
            ? { isAuthenticated: true, email: 'member@example.com', role: 'member' }
            : { isAuthenticated: false }
        }
        path={shown.path}
        locale={shown.locale}
        transport={samples}
      />
    </>
  )
}

const container = document.getElementById('preview')
if (!container) throw new Error('The preview page has no #preview element')
createRoot(container).render(
  <StrictMode>
    <PreviewApp />
  </StrictMode>,
)
