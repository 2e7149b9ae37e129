import type { Context } from 'hono'
import { CHECKOUT_COOKIE, CHECKOUT_TOKEN_HEADER, checkoutApi } from '#schemas/api/checkout.ts'
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts'
import { rotateCsrfToken } from '../../platform/http/csrf.ts'
import { checkouts, type Visitor } from './checkout.ts'
import { payCheckout } from './checkout-payment.ts'
import { endpoint, guardSender, type ApiContext } from '../../context.ts'
import { pageLanguage } from '../content/index.ts'

/** The payment's answer to an email that has an account (checkout.test.ts names it). */
export { ACCOUNT_NOT_OPENED } from './checkout-payment.ts'

/** Who asks: the checkout's token (the header an API client sends, else the cookie the site's pages carry), the signed-in user, the address. */
const visitor = ({ c, ctx }: { c: Context; ctx: ApiContext }): Visitor => ({
  token: c.req.header(CHECKOUT_TOKEN_HEADER) ?? ctx.cookies.get(CHECKOUT_COOKIE),
  userId: ctx.user?.user_id,
  address: ctx.address,
})

/**
 * The checkout (server/features/checkout/checkout.ts): its state lives on the server under a temporary
 * token, so a reload or a second tab loses nothing. Steps: plan, account, members (optional),
 * payment; a step sent out of order is refused with 409.
 */
export const checkoutRoutes = [
  endpoint(checkoutApi.start, async ({ ctx }) => {
    const { token, expiresAt } = await checkouts.start(ctx)
    // HttpOnly: page scripts never see it; the server renders each step from it (docs/adr/0007).
    ctx.cookies.set(CHECKOUT_COOKIE, token, { expires: expiresAt })
    return { token, expiresAt: expiresAt.toISOString() }
  }),
  endpoint(checkoutApi.state, (input) => checkouts.state(input.ctx, visitor(input))),
  endpoint(checkoutApi.choosePlan, (input) => checkouts.choosePlan(input.ctx, visitor(input), input.body)),
  endpoint(checkoutApi.account, async (input) => {
    const { ctx, c } = input
    await guardSender(ctx, c, 'checkout_account', [['checkoutAccount', ctx.address]])
    return checkouts.enterAccount(ctx, visitor(input), input.body)
  }),
  endpoint(checkoutApi.addMember, (input) => checkouts.addMember(input.ctx, visitor(input), input.body)),
  endpoint(checkoutApi.editMember, (input) =>
    checkouts.editMember(input.ctx, visitor(input), input.params.memberId, input.body),
  ),
  endpoint(checkoutApi.removeMember, (input) =>
    checkouts.removeMember(input.ctx, visitor(input), input.params.memberId),
  ),
  endpoint(checkoutApi.pay, async (input) => {
    const { ctx, c } = input
    // The member's language is the page's they joined on: their mail is written in it.
    const language = await pageLanguage(c.req.header('accept-language'), ctx)
    const { completed, session } = await payCheckout(ctx, visitor(input), input.body, language)
    if (session) {
      // The buyer is signed in (a new session, a new csrf token); the checkout's cookie ends: its
      // confirmation is theirs alone, found by their session from now on.
      ctx.cookies.set(SESSION_COOKIE, session)
      ctx.cookies.delete(CHECKOUT_COOKIE)
      rotateCsrfToken(c, ctx.csrf, session)
    }
    return completed
  }),
]
