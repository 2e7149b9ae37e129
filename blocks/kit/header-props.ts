import { z } from '#schemas/zod.ts'
import { defineBlock, rememberPer, type BlockContext, type BlockOptions } from '#engine'
import { headerVariablesSchema } from '#schemas/cms.ts'

/** The props every site header variant reads: the content's header fields and where the visitor is. */
export const headerPropsSchema = z.object({
  header: headerVariablesSchema,
  siteName: z.string().check(z.describe('Site name, for the logo text and alternative text')),
  signedIn: z.boolean().check(z.describe('Signed-in visitor')),
  pathname: z.string().check(z.describe('Current path')),
  officeLoginUrl: z.optional(z.string()).check(z.describe('External office login address (public configuration)')),
  siteSlug: z.string().check(z.describe('Links containing it are reduced to their last path segment')),
  joinLink: z.optional(z.string()).check(z.describe('Join link passed in by the site (the plan page), used when the header has none')),
  fixOnScroll: z.boolean().check(z.describe('Fix the header at the top after scrolling (home and home landing pages)')),
  /** The site's own pages, from the manifest (the defaults are the specification's paths). */
  paths: z._default(z.object({ home: z.string(), memberLogin: z.string(), findDentist: z.string() }), { home: '/', memberLogin: '/member-login', findDentist: '/find-a-dentist' }).check(z.describe('Paths of the home, member login and find-a-dentist pages')),
})
export type HeaderProps = z.output<typeof headerPropsSchema>

/** Whether the current page is the home page or a landing page flagged as a home page. */
export function isHomePage(context: BlockContext): boolean {
  if (context.pathname === '/') return true
  if (context.pageClass !== 'landing') return false
  const slug = context.params.landing
  return context.content.landing_pages.some((page) => page.slug === slug && page.home)
}

/** The header's paths, one object per site (the same request after request, so the header's props check is not run again). */
const headerPaths = rememberPer((pathTo: BlockContext['pathTo']): HeaderProps['paths'] => ({
  home: pathTo('home'),
  memberLogin: pathTo('member-login'),
  findDentist: pathTo('find-a-dentist'),
}))

export const selectHeaderProps = (context: BlockContext): z.input<typeof headerPropsSchema> => ({
  header: context.content.header.variables,
  siteName: context.content.base.variables.global_title,
  // Content managers browse the site as visitors do: only a member is signed in here.
  signedIn: context.session.isAuthenticated && context.session.role !== 'editor',
  pathname: context.pathname,
  officeLoginUrl: context.config.officeLoginUrl,
  siteSlug: context.config.siteSlug,
  joinLink: context.content.base.variables.plan_url,
  fixOnScroll: isHomePage(context),
  paths: headerPaths(context.pathTo),
})

/** Declares a site header variant: every variant reads the same props. */
export const defineHeaderBlock = (options: {
  name: string
  title: string
  description: string
  load: BlockOptions<HeaderProps, unknown>['load']
}) => defineBlock({ ...options, schema: headerPropsSchema, select: selectHeaderProps })
