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
