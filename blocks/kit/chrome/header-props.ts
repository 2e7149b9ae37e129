import { z } from '#schemas/engine/zod.ts'
import { headerVariablesSchema } from '#schemas/cms.ts'

/** The links to the page in each published language (engine: `languageLinks`). */
export const languageLinksSchema = z
  .optional(
    z.object({
      label: z.string(),
      current: z.string(),
      path: z.string(),
      links: z.readonly(z.array(z.object({ code: z.string(), name: z.string() }))),
    }),
  )
  .check(z.describe('Links to the page in the other languages the content publishes'))

/** The props every site header variant reads: the content's header fields and where the visitor is. */
export const headerPropsSchema = z.object({
  header: headerVariablesSchema,
  siteName: z.string().check(z.describe('Site name, for the logo text and alternative text')),
  signedIn: z.boolean().check(z.describe('Signed-in visitor')),
  pathname: z.string().check(z.describe('Current path')),
  officeLoginUrl: z.optional(z.string()).check(z.describe('External office login address (public configuration)')),
  siteSlug: z.string().check(z.describe('Links containing it are reduced to their last path segment')),
  joinLink: z
    .optional(z.string())
    .check(z.describe('Join link passed in by the site (the plan page), used when the header has none')),
  fixOnScroll: z.boolean().check(z.describe('Fix the header at the top after scrolling (home and home landing pages)')),
  languages: languageLinksSchema,
  /** The site's own pages, from the manifest (the defaults are the specification's paths). */
  paths: z
    ._default(z.object({ home: z.string(), memberLogin: z.string(), findDentist: z.string() }), {
      home: '/',
      memberLogin: '/member-login',
      findDentist: '/find-a-dentist',
    })
    .check(z.describe('Paths of the home, member login and find-a-dentist pages')),
})
export type HeaderProps = z.output<typeof headerPropsSchema>
export type HeaderPropsInput = z.input<typeof headerPropsSchema>
