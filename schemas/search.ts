import { z } from './engine/zod.ts'

/**
 * A redirect target the site may follow: a path on this site only. `//host`, `/\host`,
 * `https://…`, `javascript:` and anything that leaves the origin are refused (undefined).
 */
export function safeRedirectPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  const origin = 'https://same-site.invalid'
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/** The `redirect` search parameter of sign-in pages: a same-site path, or nothing (never an error). */
export const redirectSearchSchema = z.object({
  redirect: z.pipe(
    z.catch(z.optional(z.string()), undefined),
    z.transform((value) => safeRedirectPath(value)),
  ),
})

/** The reset-password page: a mailed link carries its token; without one the page asks for the email. */
export const resetSearchSchema = z.extend(redirectSearchSchema, {
  token: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/))), undefined),
})

/** A renewal notice's signed link token (server/platform/auth/signing.ts): the page's address and its API calls. */
export const renewalLinkTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/), z.maxLength(600))

/** The renewal page (`/renewal`): a renewal notice's link carries its signed token. */
export const renewalSearchSchema = z.object({ token: z.catch(z.optional(renewalLinkTokenSchema), undefined) })

const searchText = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined)

/**
 * The find-a-dentist and directory search as the address carries it: text only, never an error
 * here. The page checks it with the provider search's own schema and shows each problem at its
 * field (a bad radius, a malformed ZIP), so a shared link with a mistake still shows the form.
 */
export const dentistSearchSchema = z.object({
  zip: searchText,
  radius: searchText,
  name: searchText,
  specialty: searchText,
  language: searchText,
  accepting: searchText,
  page: searchText,
})
export type DentistSearch = z.output<typeof dentistSearchSchema>

/**
 * The join page's address: the office (`location_id`, as the office page and find-a-dentist link),
 * a plan to suggest (`plan_id`) and a ZIP to find offices near. Text here; the page says what is
 * wrong with a value rather than failing.
 */
export const joinSearchSchema = z.object({
  location_id: searchText,
  plan_id: searchText,
  zip: searchText,
  /** Set when a checkout page found its checkout expired: the page says so. */
  expired: searchText,
})
