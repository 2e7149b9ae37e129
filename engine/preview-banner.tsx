import { exitPreview, PREVIEW_LEAVE_TEXT, PREVIEW_LINK_TEXT, previewBannerText } from './preview-exit.ts'

/**
 * Shown on every page while a content version other than the published one is displayed,
 * or while a requested version could not be shown: then it says why, and that the published site
 * is what shows, and offers only to leave preview (not to "view the latest published version",
 * which is what shows). A chunk of its own, which only previews load.
 */
export default function PreviewBanner({
  version,
  error,
}: {
  version?: string | undefined
  error?: string | undefined
}) {
  return (
    <div
      role="region"
      aria-label="Preview"
      data-preview-version={version ?? ''}
      className={`${error ? 'bg-red-100 text-red-950' : 'bg-amber-300 text-gray-950'} px-4 py-2 text-center text-sm`}
    >
      <span>{error ?? (version ? previewBannerText(version) : '')}</span>{' '}
      <a
        href="/"
        className="font-semibold underline"
        onClick={(event) => {
          event.preventDefault()
          exitPreview()
        }}
      >
        {error ? PREVIEW_LEAVE_TEXT : PREVIEW_LINK_TEXT}
      </a>
    </div>
  )
}
