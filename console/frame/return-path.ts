/**
 * Where a sign-in started, when the playground sent a content manager to the console
 * (`/console?next=/playground…`): only the playground's own paths, never another site.
 */
export const returnPath = (search: string): string | undefined => {
  const next = new URLSearchParams(search).get('next') ?? ''
  return /^\/playground(?:[/?#]|$)/.test(next) ? next : undefined
}
