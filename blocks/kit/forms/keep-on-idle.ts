import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { useBeforeIdleSignOut } from '#engine/idle'

const storageKey = (name: string) => `kept-on-idle:${name}`
/** What is never kept, at any depth: passwords and card data (by the field's name). */
const SECRET = /password|card|cvc|cvv|token/i
/** Kept values older than this are dropped unread (the session they belonged to has ended by then). */
const KEPT_FOR_MS = 12 * 60 * 60_000

const withoutSecrets = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutSecrets)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !SECRET.test(key))
            .map(([key, child]) => [key, withoutSecrets(child)]),
        )
      : value

/**
 * What a member typed in one of our forms survives an idle sign-out: it is put aside in this tab's
 * sessionStorage just before the sign-out (never passwords or card data), and given back, once,
 * when the member is signed in again on the same page.
 */
export function useKeptOnIdle<Values extends FieldValues, Out>(
  form: UseFormReturn<Values, unknown, Out>,
  name: string,
  /** Whether a member is signed in (what was kept is given back only then). */
  signedIn: boolean,
): void {
  useBeforeIdleSignOut(() => {
    const kept = { path: window.location.pathname, at: Date.now(), values: withoutSecrets(form.getValues()) }
    window.sessionStorage.setItem(storageKey(name), JSON.stringify(kept))
  })
  useEffect(() => {
    if (!signedIn) return
    const raw = window.sessionStorage.getItem(storageKey(name))
    if (!raw) return
    window.sessionStorage.removeItem(storageKey(name))
    try {
      const kept = JSON.parse(raw) as { path?: unknown; at?: unknown; values?: unknown }
      if (kept.path !== window.location.pathname || typeof kept.at !== 'number' || Date.now() - kept.at > KEPT_FOR_MS)
        return
      if (kept.values && typeof kept.values === 'object')
        form.reset({ ...form.getValues(), ...(kept.values as Partial<Values>) }, { keepDefaultValues: true })
    } catch {
      // Not ours, or damaged: nothing to give back.
    }
  }, [form, name, signedIn])
}
