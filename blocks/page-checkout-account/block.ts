import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-checkout-account.tsx'

export const pageCheckoutAccountPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** The signed-in member's email, when a member opens the step. */
  signedInAs: z.optional(z.string()),
  paths: z.object({ signIn: z.string(), members: z.string(), dashboard: z.string(), privacy: z.string() }),
})
export type PageCheckoutAccountProps = z.output<typeof pageCheckoutAccountPropsSchema>

/** Checkout step 2: the primary member's details and password. */
export const pageCheckoutAccount = defineBlock({
  name: 'page-checkout-account',
  title: 'Checkout: your details',
  description: 'The primary member’s name, contact details, address and password; the email checked as it is typed, an existing account sent to sign in and back.',
  schema: pageCheckoutAccountPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.checkoutAccountSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    signedInAs: context.session.isAuthenticated && context.session.role === 'member' ? context.session.email : undefined,
    paths: {
      signIn: context.pathTo('member-login', {}, { redirect: context.pathTo('checkout-create-account') }),
      members: context.pathTo('checkout-add-member'),
      dashboard: context.pathTo('dashboard'),
      privacy: context.pathTo('privacy'),
    },
  }),
  load: () => component,
})
