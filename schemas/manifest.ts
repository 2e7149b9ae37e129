import { z } from './zod.ts'

/** Every page identifier of the site. A page's block is registered under its identifier. */
export const pageIdSchema = z.enum([
  'home',
  'faq',
  'terms',
  'arizona',
  'privacy',
  'support',
  'join-now',
  'checkout',
  'checkout-payment',
  'checkout-add-member',
  'checkout-create-account',
  'checkout-edit-member',
  'dashboard',
  'directory',
  'member-login',
  'reset-password',
  'find-a-dentist',
  'grievance-form',
  'savings-summary',
  'office',
  'landing',
])
export type PageId = z.infer<typeof pageIdSchema>

/**
 * How a route parameter is checked. A failed check is a fatal 404 `Page Not Found: {path}`.
 * - `positive-int`: a whole number above zero (`/office/12`).
 * - `landing-slug`: a slug that the tenant's content defines as a landing page.
 */
export const paramRuleSchema = z.enum(['positive-int', 'landing-slug'])
export type ParamRule = z.infer<typeof paramRuleSchema>

const PATH_PATTERN = /^(\/|\/?[a-z0-9-]+(\/[a-z0-9-]+|\/:[a-zA-Z]+)*|:[a-zA-Z]+)$/

/** A route's search schema, or a loader of it (it loads with the first navigation to the route). */
export type SearchSchema =
  | z.ZodMiniType<Record<string, unknown>, Record<string, string>>
  | (() => Promise<z.ZodMiniType<Record<string, unknown>, Record<string, string>>>)

/** Who may open a route: anyone, or a signed-in member (others are sent to the sign-in page). */
export const accessSchema = z.enum(['public', 'member'])
export type Access = z.infer<typeof accessSchema>

const routeBase = z.object({
  path: z
    .optional(z.string().check(z.regex(PATH_PATTERN, 'Must be a path such as /faq, office/:officeId or :landing')))
    .check(z.describe('Path, absolute at the top level and relative under a parent; omit with index')),
  index: z.optional(z.boolean()).check(z.describe('The default child of its parent')),
  page: pageIdSchema.check(z.describe('Page identifier: the block registered under it renders the page')),
  class: z
    .optional(z.enum(['page', 'landing']))
    .check(z.describe('Page class, set on the page root (page when absent)')),
  title: z
    .optional(z.string())
    .check(z.describe('Page title before the global title; landing pages take theirs from content')),
  params: z.optional(z.record(z.string(), paramRuleSchema)).check(z.describe('Checks on path parameters')),
  redirectWhenSignedIn: z
    .optional(z.string().check(z.startsWith('/')))
    .check(z.describe('Where a signed-in visitor is sent instead')),
  access: z
    .optional(accessSchema)
    .check(z.describe('Who may open the page (public when absent); a member page sends others to the sign-in page')),
  personal: z
    .optional(z.boolean())
    .check(
      z.describe(
        'The page (and its children) shows the visitor’s own data without a sign-in, such as a checkout in progress: the server never keeps its render (engine/server/render-memo.ts)',
      ),
    ),
  search: z
    .optional(
      z.custom<SearchSchema>(
        (value) => value instanceof z.ZodMiniType || typeof value === 'function',
        'Must be a zod schema or a loader of one',
      ),
    )
    .check(
      z.describe(
        'The search parameters the page takes (a zod schema, or a loader of its module); invalid values get a clear message',
      ),
    ),
})

/**
 * A route. The manifest's schema checks it and sets nothing (no defaults): the site's manifest is
 * used as it is written in the browser, which does not load zod to start a page (docs/adr/0009);
 * the server checks it when it starts (engine/server/render.tsx), and so do the tests.
 */
export type Route = z.output<typeof routeBase> & { children?: Route[] | undefined }

export const routeSchema: z.ZodMiniType<Route, Route> = z
  .extend(routeBase, {
    children: z.optional(z.lazy(() => z.array(routeSchema))),
  })
  .check(
    z.superRefine((route, ctx) => {
      if (route.index && route.path !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'An index route has no path', path: ['path'] })
      }
      if (!route.index && route.path === undefined) {
        ctx.addIssue({ code: 'custom', message: 'A route needs a path or index: true', path: ['path'] })
      }
      const names = [...(route.path ?? '').matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1])
      for (const name of Object.keys(route.params ?? {})) {
        if (!names.includes(name)) {
          ctx.addIssue({
            code: 'custom',
            message: `Checks parameter "${name}" that the path does not have`,
            path: ['params', name],
          })
        }
      }
    }),
  )

export const manifestSchema = z
  .object({
    routes: z.array(routeSchema).check(z.minLength(1, 'A manifest needs at least one route')),
    signInPage: z
      .optional(pageIdSchema)
      .check(z.describe('Where member pages send a visitor who is not signed in (with ?redirect=)')),
  })
  .check(
    z.superRefine((manifest, ctx) => {
      const seen = new Map<string, number>()
      manifest.routes.forEach((route, index) => {
        if (route.path === undefined) return
        if (!route.path.startsWith('/') && !route.path.startsWith(':')) {
          ctx.addIssue({
            code: 'custom',
            message: 'A top-level path starts with / or is a single parameter',
            path: ['routes', index, 'path'],
          })
        }
        const previous = seen.get(route.path)
        if (previous !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `Duplicate path ${route.path} (also route ${previous})`,
            path: ['routes', index, 'path'],
          })
        }
        seen.set(route.path, index)
      })
      const routes = [...routesOf(manifest.routes)]
      if (manifest.signInPage && !routes.some((route) => route.page === manifest.signInPage)) {
        ctx.addIssue({
          code: 'custom',
          message: `The sign-in page ${manifest.signInPage} has no route`,
          path: ['signInPage'],
        })
      }
      if (!manifest.signInPage && routes.some((route) => route.access === 'member')) {
        ctx.addIssue({
          code: 'custom',
          message: 'Member pages need a signInPage to send visitors to',
          path: ['signInPage'],
        })
      }
    }),
  )

/** A manifest: its parsed form is the one it is written in (the schema checks, it sets nothing). */
export type Manifest = z.output<typeof manifestSchema>

/** Every route of a manifest, parents before their children. */
export function* routesOf(routes: readonly Route[]): Generator<Route> {
  for (const route of routes) {
    yield route
    yield* routesOf(route.children ?? [])
  }
}
