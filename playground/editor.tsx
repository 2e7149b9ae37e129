import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiRequestError } from '#engine'
import { Dialog } from '#engine/dialog'
import type { ValidationIssue } from '#schemas/engine/validation-error.ts'
import siteSchema from '#schemas/generated/site-content.schema.json' with { type: 'json' }
import { manifest } from '#site-config/manifest.ts'
import { PAGE_TITLES } from '#schemas/page-titles.ts'
import { registry } from '#site-config/registry.ts'
import { api } from './api.ts'
import { RevokePreviewLinks } from './preview-links.tsx'
import { localEdits } from './autosave.ts'
import { editorSchema, sectionSchema, SECTIONS, type SectionKey } from './editor-schema.ts'
import { ErrorsSummary } from './errors-summary.tsx'
import { BlockGallery } from './gallery.tsx'
import { History, Overrides } from './history.tsx'
import { PublishedFault } from './published-fault.tsx'
import { PlaygroundHeader } from './header.tsx'
import { PreviewFrame } from './preview-frame.tsx'
import { SectionForm } from './section-form.tsx'
import { Choice, languageOption } from './choice.tsx'
import { otherLanguages, TranslationsForm, translationId, type Translations } from './translations.tsx'
import { validateDraft, validateSection } from './validation.ts'

const schema = editorSchema(siteSchema)
/** Each part's schema, made once (a new object each render would make every form redraw). */
const sectionSchemas = Object.fromEntries(SECTIONS.map(({ key }) => [key, sectionSchema(schema, key)])) as Record<
  SectionKey,
  ReturnType<typeof sectionSchema>
>
type Tab = SectionKey | 'translations' | 'overrides' | 'blocks'
type Content = Record<string, unknown>

export interface EditorProps {
  initial: { content: Content; revision: number }
  email: string
  restored: boolean
  onSignOut: () => void
}

const titleOf = (page: string): string | undefined =>
  Object.hasOwn(PAGE_TITLES, page) ? PAGE_TITLES[page as keyof typeof PAGE_TITLES] : undefined

/** The pages the preview can show: the manifest's simple pages and the content's landing pages. */
function previewPages(content: Content): { path: string; label: string }[] {
  const simple = manifest.routes
    .filter((route) => route.path?.startsWith('/') && !route.path.includes(':'))
    .map((route) => ({ path: route.path!, label: titleOf(route.page) ?? route.title ?? route.path! }))
  const landing = Array.isArray(content.landing_pages)
    ? content.landing_pages.flatMap((page: unknown) =>
        typeof page === 'object' && page !== null && 'slug' in page && typeof page.slug === 'string'
          ? [{ path: `/${page.slug}`, label: `Landing: ${page.slug}` }]
          : [],
      )
    : []
  return [...simple, ...landing]
}

/** The content manager's editor: forms generated from the schema, live preview, save, publish, history. */
export function Editor({ initial, email, restored, onSignOut }: EditorProps) {
  const queryClient = useQueryClient()
  const host = window.location.host
  const [content, setContent] = useState<Content>(initial.content)
  const [revision, setRevision] = useState(initial.revision)
  const [dirty, setDirty] = useState(restored)
  const [issues, setIssues] = useState<ValidationIssue[]>(() => validateDraft(initial.content))
  const [tab, setTab] = useState<Tab>('layout')
  const [status, setStatus] = useState<{ tone: 'info' | 'error' | 'success'; text: string } | undefined>(
    restored
      ? {
          tone: 'info',
          text: 'Your unsaved changes from last time are back. Save them, or reload the draft to drop them.',
        }
      : undefined,
  )
  const [conflict, setConflict] = useState(false)
  const [previewPath, setPreviewPath] = useState('/')
  // The language translated in the Translations tab, and the one the preview shows (the default: '').
  const [translating, setTranslating] = useState(() => otherLanguages(initial.content)[0]?.code)
  const [previewLocale, setPreviewLocale] = useState('')
  const [phone, setPhone] = useState(false)
  const [signedIn, setSignedIn] = useState(false)
  const [previewProblem, setPreviewProblem] = useState<string>()
  const [publishing, setPublishing] = useState(false)
  const [note, setNote] = useState('')
  const [history, setHistory] = useState(false)
  const [shareLink, setShareLink] = useState<string>()
  const contentRef = useRef(content)
  // Unsaved edits go to the browser's storage a moment after typing stops (not on every key).
  const autosave = useRef((next: Content) => {
    window.clearTimeout(autosaveTimer.current)
    autosaveTimer.current = window.setTimeout(() => {
      autosaveTimer.current = undefined
      localEdits.write(host, next, revisionRef.current)
    }, 300)
  })
  const autosaveTimer = useRef<number>(undefined)
  const revisionRef = useRef(revision)
  useEffect(() => {
    revisionRef.current = revision
  }, [revision])
  const forgetLocalEdits = () => {
    window.clearTimeout(autosaveTimer.current)
    autosaveTimer.current = undefined
    localEdits.clear(host)
  }
  // Leaving the page before the pause: keep what was typed.
  useEffect(() => {
    const flush = () => {
      if (autosaveTimer.current !== undefined) localEdits.write(host, contentRef.current, revisionRef.current)
    }
    window.addEventListener('pagehide', flush)
    return () => window.removeEventListener('pagehide', flush)
  }, [host])
  const replaceContent = (next: Content) => {
    contentRef.current = next
    setContent(next)
  }

  const onChange = useCallback((section: SectionKey, value: unknown, normalised: boolean) => {
    if (JSON.stringify(value) === JSON.stringify(contentRef.current[section])) return
    const next = { ...contentRef.current, [section]: value }
    contentRef.current = next
    setContent(next)
    // Defaults the form filled in as it mounted are not the user's edits.
    if (!normalised) {
      setDirty(true)
      autosave.current(next)
    }
    // Only the edited part is checked while typing; the whole draft is checked on save. The list
    // keeps its identity when nothing changed, so the form does not redraw its errors.
    const found = validateSection(section, value)
    setIssues((current) => {
      const others = current.filter((issue) => issue.path[0] !== section)
      const mine = current.filter((issue) => issue.path[0] === section)
      return JSON.stringify(mine) === JSON.stringify(found) ? current : [...others, ...found]
    })
  }, [])

  // A translation typed: the draft's `translations`, and the refusals of the texts it now translates gone.
  const onTranslations = useCallback((translations: Translations) => {
    const next = { ...contentRef.current, translations }
    contentRef.current = next
    setContent(next)
    setDirty(true)
    autosave.current(next)
    setIssues((current) => {
      const kept = current.filter(
        (issue) =>
          issue.path[0] !== 'translations' || !translations[String(issue.path[1])]?.[String(issue.path[2])]?.trim(),
      )
      return kept.length === current.length ? current : kept
    })
  }, [])

  const jump = (section: SectionKey, id: string) => {
    setTab(section)
    requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()))
  }
  const jumpToTranslation = (locale: string, pointer: string) => {
    setTab('translations')
    setTranslating(locale)
    requestAnimationFrame(() =>
      requestAnimationFrame(() => document.getElementById(translationId(locale, pointer))?.focus()),
    )
  }

  const reload = async () => {
    const draft = await api.draft()
    const fresh = draft.content as Content
    replaceContent(fresh)
    setRevision(draft.revision)
    setIssues(validateDraft(fresh))
    setDirty(false)
    setConflict(false)
    forgetLocalEdits()
    setStatus({ tone: 'info', text: `Reloaded the draft (revision ${draft.revision}).` })
  }

  const save = async (): Promise<boolean> => {
    const problems = validateDraft(content)
    setIssues(problems)
    localEdits.write(host, content, revision)
    if (problems.length) {
      setStatus({
        tone: 'error',
        text: 'The draft has problems: fix them, then save. Your edits are kept in this browser.',
      })
      return false
    }
    try {
      const saved = await api.saveDraft(content, revision)
      setRevision(saved.revision)
      setDirty(false)
      forgetLocalEdits()
      setStatus({ tone: 'success', text: `Draft saved (revision ${saved.revision}).` })
      return true
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        setConflict(true)
        setStatus({ tone: 'error', text: error.message })
      } else if (error instanceof ApiRequestError && error.status === 422) {
        setIssues(error.issues)
        setStatus({ tone: 'error', text: error.message })
      } else {
        setStatus({
          tone: 'error',
          text: `The draft could not be saved: ${error instanceof Error ? error.message : String(error)}. Your edits are kept in this browser.`,
        })
      }
      return false
    }
  }

  const publish = async () => {
    if (dirty && !(await save())) return
    try {
      const version = await api.publish(note)
      setPublishing(false)
      setNote('')
      await queryClient.invalidateQueries({ queryKey: ['versions'] })
      setStatus({ tone: 'success', text: `Published as version #${version.id}. The site shows it now.` })
    } catch (error) {
      // A refusal at its texts (a language's legal texts untranslated): each listed, a link to its field.
      if (error instanceof ApiRequestError && error.status === 422 && error.issues.length > 0) {
        setPublishing(false)
        setIssues(error.issues)
      }
      setStatus({ tone: 'error', text: error instanceof Error ? error.message : String(error) })
    }
  }

  const restore = async (id: number) => {
    const draft = await api.restore(id)
    replaceContent(draft.content as Content)
    setRevision(draft.revision)
    setIssues(validateDraft(draft.content))
    setDirty(false)
    forgetLocalEdits()
    setHistory(false)
    setStatus({ tone: 'info', text: `Version #${id} is now the draft. Publish it to put it back on the site.` })
  }

  const share = async () => {
    if (dirty && !(await save())) return
    setShareLink((await api.previewLink()).url)
  }

  const pages = useMemo(() => previewPages(content), [content])
  const canPublish = issues.length === 0 && !conflict

  return (
    <div className="flex h-screen flex-col">
      <PlaygroundHeader title="Content playground" email={email} onSignOut={onSignOut}>
        <span className="text-sm text-slate-300" aria-live="polite">
          {dirty ? 'Unsaved changes' : `Saved, revision ${revision}`}
        </span>
        <button type="button" className="pg-button-dark" onClick={() => void save()}>
          Save draft
        </button>
        <a className="pg-button-dark" href="/?version=working" target="_blank" rel="noreferrer">
          Preview on the site
        </a>
        <button type="button" className="pg-button-dark" onClick={() => void share()}>
          Share a preview link
        </button>
        <RevokePreviewLinks
          onDone={(result) => {
            setStatus(result)
            if (result.tone === 'success') setShareLink(undefined)
          }}
        />
        <button type="button" className="pg-button-dark" onClick={() => setHistory(true)}>
          History
        </button>
        <a className="pg-button-dark" href="/playground/vitals">
          Real-user vitals
        </a>
        <button type="button" className="pg-button-primary" disabled={!canPublish} onClick={() => setPublishing(true)}>
          Publish
        </button>
      </PlaygroundHeader>
      <PublishedFault />

      {status && (
        <div
          role={status.tone === 'error' ? 'alert' : 'status'}
          className={`px-4 py-2 text-sm ${status.tone === 'error' ? 'bg-red-100 text-red-950' : status.tone === 'success' ? 'bg-green-100 text-green-950' : 'bg-sky-100 text-sky-950'}`}
        >
          {status.text}
          {conflict && (
            <button type="button" className="ml-3 font-semibold underline" onClick={() => void reload()}>
              Reload the latest draft (drops your unsaved edits)
            </button>
          )}
        </div>
      )}
      {shareLink && (
        <div className="flex items-center gap-2 bg-amber-50 px-4 py-2 text-sm">
          <label htmlFor="share-link">Preview link (valid for a day):</label>
          <input
            id="share-link"
            readOnly
            value={shareLink}
            className="flex-1 rounded border border-slate-300 px-2 py-1 font-mono"
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="pg-button" onClick={() => void navigator.clipboard.writeText(shareLink)}>
            Copy
          </button>
        </div>
      )}

      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[minmax(28rem,1fr)_minmax(0,1.4fr)]">
        <section aria-label="Content" className="flex min-h-0 flex-col border-r border-slate-300">
          <div
            role="tablist"
            aria-label="Parts of the content"
            className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 px-2 pt-2"
          >
            {[
              ...SECTIONS.map(({ key, title }) => ({ key: key, title })),
              { key: 'translations' as Tab, title: 'Translations' },
              { key: 'overrides' as Tab, title: 'Inherited' },
              { key: 'blocks' as Tab, title: 'Blocks' },
            ].map(({ key, title }) => {
              const count = issues.filter((issue) => issue.path[0] === key).length
              return (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  id={`tab-${key}`}
                  aria-controls="tab-panel"
                  className={`rounded-t px-3 py-1.5 text-sm ${tab === key ? 'bg-white font-semibold shadow' : 'text-slate-700 hover:bg-white'}`}
                  onClick={() => setTab(key)}
                >
                  {title}
                  {count > 0 && (
                    <span className="ml-1 rounded-full bg-red-600 px-1.5 text-xs text-white">
                      {count}
                      <span className="sr-only"> problems</span>
                    </span>
                  )}
                </button>
              )
            })}
          </div>
          <div
            id="tab-panel"
            role="tabpanel"
            aria-labelledby={`tab-${tab}`}
            className="min-h-0 flex-1 overflow-auto p-4"
          >
            <div className="mb-4">
              <ErrorsSummary issues={issues} onJump={jump} onJumpToTranslation={jumpToTranslation} />
            </div>
            {tab === 'translations' ? (
              <TranslationsForm
                content={content}
                issues={issues}
                locale={translating ?? otherLanguages(content)[0]?.code}
                onLocale={setTranslating}
                onChange={onTranslations}
              />
            ) : tab === 'overrides' ? (
              <Overrides content={content} />
            ) : tab === 'blocks' ? (
              <Suspense fallback={<p aria-busy="true">Loading the blocks…</p>}>
                <BlockGallery registry={registry} />
              </Suspense>
            ) : (
              <SectionForm
                key={tab}
                section={tab}
                schema={sectionSchemas[tab]}
                value={content[tab] ?? {}}
                issues={issues}
                content={tab === 'layout' ? content : undefined}
                onChange={onChange}
              />
            )}
          </div>
        </section>

        <section aria-label="Preview" className="flex min-h-0 flex-col bg-slate-100">
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-2 text-sm">
            <Choice
              label="Page"
              value={previewPath}
              options={pages.map((page) => ({ value: page.path, label: page.label }))}
              onChange={setPreviewPath}
            />
            <Choice
              label="Language"
              value={previewLocale}
              options={[{ value: '', label: 'Default' }, ...otherLanguages(content).map(languageOption)]}
              onChange={setPreviewLocale}
            />
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={phone} onChange={(event) => setPhone(event.target.checked)} /> Phone width
            </label>
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={signedIn} onChange={(event) => setSignedIn(event.target.checked)} />{' '}
              Signed-in member
            </label>
            {previewProblem && <span className="text-red-800">The preview shows the last valid draft.</span>}
          </div>
          {/* Scrolls when the frame is wider than the screen: keyboard users scroll it once it has focus. */}
          <div tabIndex={0} role="region" aria-label="Preview area" className="min-h-0 flex-1 overflow-auto p-3">
            <PreviewFrame
              title="Preview of the draft"
              content={content}
              path={previewPath}
              locale={previewLocale || undefined}
              signedIn={signedIn}
              width={phone ? 390 : 1280}
              height={1400}
              scale={phone ? 1 : 0.6}
              onProblem={setPreviewProblem}
            />
          </div>
        </section>
      </div>

      <Dialog
        open={publishing}
        onOpenChange={setPublishing}
        title="Publish the draft"
        width="small"
        footer={
          <>
            <button type="button" className="pg-button" onClick={() => setPublishing(false)}>
              Cancel
            </button>
            <button type="button" className="pg-button-primary" disabled={!canPublish} onClick={() => void publish()}>
              Publish now
            </button>
          </>
        }
      >
        <label htmlFor="publish-note" className="block text-sm font-medium">
          What changed (for the history)
        </label>
        <textarea
          id="publish-note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          className="mt-1 w-full rounded border border-slate-400 p-2"
        />
      </Dialog>
      <History open={history} onClose={() => setHistory(false)} draft={content} onRestore={(id) => void restore(id)} />
    </div>
  )
}
