/** The specification's date format, mm/dd/yy, of an ISO date or timestamp (in UTC, as stored). */
export function shortDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${pad(date.getUTCFullYear() % 100)}`
}

export { RELATIONSHIPS } from '../kit/dependent-fields.tsx'

/** An idempotency key for one payment attempt (a resubmit of the same attempt reuses it). */
export const newPaymentKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/**
 * Prints one element alone: marks it and the body, opens the browser's print dialog, and clears
 * the marks after printing. The print stylesheet (site styles) hides everything else.
 */
export function printElement(element: HTMLElement | null): void {
  if (!element) return
  element.dataset.printTarget = 'true'
  document.body.dataset.printing = 'true'
  const done = () => {
    delete element.dataset.printTarget
    delete document.body.dataset.printing
  }
  window.addEventListener('afterprint', done, { once: true })
  window.print()
}

/** Offers a file to download, made in the browser. */
export function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
