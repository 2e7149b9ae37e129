import { PREVIEW_STORAGE_KEY, previewCookie } from './preview.ts'

// The preview banner's words and its way out: in the banner's chunk, which only previews load
// (engine/preview.ts, what every page reads at its start, stays without them).

/** Leaves preview mode: forgets the version, drops every query parameter and reloads. */
export function exitPreview(): void {
  try {
    window.localStorage.removeItem(PREVIEW_STORAGE_KEY)
  } catch {
    // Nothing stored.
  }
  document.cookie = previewCookie('', 0)
  window.location.replace(window.location.pathname)
}

export const previewBannerText = (version: string) =>
  version === 'working'
    ? 'You are viewing an unpublished version of this site.'
    : 'You are viewing an older version of this site.'
export const PREVIEW_LINK_TEXT =
  'This is not the current live version. Click here to view the latest published version.'
/** The link while a requested version could not be shown: the published site is already what shows. */
export const PREVIEW_LEAVE_TEXT = 'Leave preview'
