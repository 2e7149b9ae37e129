import { z } from './zod.ts'
import { routesOf } from './routes-of.ts'

export { routesOf }

/**
 * How a route parameter is checked: a rule's name. A failed check is a fatal 404 `Page Not Found: {path}`.
 * `positive-int` (a whole number above zero, `/office/12`) is the engine's own; a site defines its
 * own rules (SiteDefinition.params), such as a slug its content defines.
 */
export const paramRuleSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9-]*$/, 'Must be a rule name such as positive-int'))
export type ParamRule = z.infer<typeof paramRuleSchema>

const PATH_PATTERN = /^(\/|\/?[a-z0-9-]+(\/[a-z0-9-]+|\/:[a-zA-Z]+)*|:[a-zA-Z]+)$/

/** A route's search schema, or a loader of it (it loads with the first navigation to the route). */
export type SearchSchema =
  | z.ZodMiniType<Record<string, unknown>, Record<string, string>>
  | (() => Promise<z.ZodMiniType<Record<string, unknown>, Record<string, string>>>)

/** Who may open a route: anyone, or a signed-in member (others are sent to the sign-in page). */
export const accessSchema = z.enum(['public', 'member'])
export type Access = z.infer<typeof accessSchema>

/** A route's fields, for a site's page identifiers (its schema names them: `manifestSchemaOf`). */
const routeFields = <Page extends string>(page: z.ZodMiniType<Page, Page>) => ({
  path: z
    .optional(z.string().check(z.regex(PATH_PATTERN, 'Must be a path such as /faq, office/:officeId or :landing')))
    .check(z.describe('Path, absolute at the top level and relative under a parent; omit with index')),
  index: z.optional(z.boolean()).check(z.describe('The default child of its parent')),
  page: page.check(z.describe('Page identifier: the block registered under it renders the page')),
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

type RouteFields = z.output<z.ZodMiniObject<ReturnType<typeof routeFields<string>>>>

/**
 * A route. The manifest's schema checks it and sets nothing (no defaults): the site's manifest is
 * used as it is written in the browser, which does not load zod to start a page (docs/adr/0019);
 * the server checks it when it starts (engine/server/render.tsx), and so do the tests.
 */
export type Route<Page extends string = string> = Omit<RouteFields, 'page'> & {
  page: Page
  children?: Route<Page>[] | undefined
}

/** A manifest: its parsed form is the one it is written in (the schema checks, it sets nothing). */
export interface Manifest<Page extends string = string> {
  routes: Route<Page>[]
  /** Where member pages send a visitor who is not signed in (with ?redirect=). */
  signInPage?: Page | undefined
}

/**
 * The manifest's schema for a site's page identifiers (so the JSON Schema its authors write to
 * lists them); `manifestSchema` takes any identifier, and the engine checks that a block is
 * registered for each (engine/server/render.tsx).
 */
export function manifestSchemaOf<Page extends string>(pageSchema: z.ZodMiniType<Page, Page>) {
  const routeSchema: z.ZodMiniType<Route<Page>, Route<Page>> = z
    .object({
      ...routeFields(pageSchema),
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

  return z
    .object({
      routes: z.array(routeSchema).check(z.minLength(1, 'A manifest needs at least one route')),
      signInPage: z
        .optional(pageSchema)
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
}

/** The manifest's schema for any page identifiers. */
export const manifestSchema: z.ZodMiniType<Manifest> = manifestSchemaOf(z.string().check(z.minLength(1)))
