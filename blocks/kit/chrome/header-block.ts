import { isMember } from '#schemas/member.ts'
import { defineBlock, rememberPer, type BlockContext, type BlockOptions } from '#engine'
import type { HeaderProps, HeaderPropsInput } from './header-props.ts'
import { languageLinks } from './language-links.ts'

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

export const selectHeaderProps = (context: BlockContext): HeaderPropsInput => ({
  header: context.content.header.variables,
  siteName: context.content.base.variables.global_title,
  // Content managers browse the site as visitors do: only a member is signed in here.
  signedIn: isMember(context.session),
  pathname: context.pathname,
  officeLoginUrl: context.config.officeLoginUrl,
  siteSlug: context.config.siteSlug,
  joinLink: context.content.base.variables.plan_url,
  fixOnScroll: isHomePage(context),
  paths: headerPaths(context.pathTo),
  languages: languageLinks(context),
})

/** Declares a site header variant: every variant reads the same props. */
export const defineHeaderBlock = (options: {
  name: string
  title: string
  description: string
  load: BlockOptions<HeaderProps, unknown>['load']
}) =>
  defineBlock({
    ...options,
    // The schema (and zod) load when the browser checks a header's props itself (after a navigation).
    schema: () => import('./header-props.ts').then((module) => module.headerPropsSchema),
    select: selectHeaderProps,
  })
