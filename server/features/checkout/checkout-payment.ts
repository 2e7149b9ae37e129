import { memberTimeZone } from '#schemas/membership-policy.ts'
import { renewalDate } from '#schemas/membership-terms.ts'
import { checkoutCompletedSchema } from '#schemas/api/checkout.ts'
import type { Sessions } from '../../platform/auth/sessions.ts'
import type { DbContentService } from '../content/index.ts'
import {
  autoRenewalTerms,
  confirmationMail,
  emailInUse,
  insertDependent,
  insertMember,
  lifecycle,
  linkTo,
  memberCount,
  members,
  recordRenewalConsent,
} from '../members/index.ts'
import {
  atLeast,
  load,
  reprice,
  requireOpen,
  save,
  visible,
  type CheckoutDeps,
  type Stored,
  type Visitor,
} from './checkout.ts'
import { Conflict } from '../../platform/errors.ts'
import { once, type PaymentDeps } from '../../platform/idempotency.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { planCatalog } from '../plans/index.ts'

/** What the payment works with, beyond the checkout's steps (the API's context has it all). */
export interface CheckoutPaymentDeps extends CheckoutDeps, PaymentDeps {
  mailer: Mailer
  sessions: Sessions
  content: Pick<DbContentService, 'get'>
}

export const ACCOUNT_NOT_OPENED =
  'We could not open a new account with this email address, so nothing was charged. We sent a message to it. If you already have an account, sign in and add the membership from your dashboard; if not, go back to Your details and check the address.'

const NOT_READY = 'Choose a plan and enter your details before paying'

/**
 * An email that has an account cannot get a second one: the payment stops before the card is
 * charged, and the account's owner is told by mail, in fixed words (nothing the buyer typed).
 * Each refusal counts as an attempt at the account step, which bounds the mails.
 */
async function refuseExistingAccount(deps: CheckoutPaymentDeps, visitor: Visitor, email: string) {
  const { tenant } = deps
  if (!(await emailInUse(deps.db, tenant.groupKey, email))) return
  await deps.limits.take('checkoutAccount', visitor.address)
  await deps.mailer.send({
    groupKey: tenant.groupKey,
    to: email,
    subject: `Someone tried to join ${tenant.companyName} with your email`,
    text: `Hello,\n\nSomeone tried to buy a membership at ${tenant.companyName} with this email address, which already has an account. Nothing was charged, and your account is unchanged.\n\nIf it was you, sign in at ${linkTo(tenant, '/member-login')} and add the membership from your dashboard. If you forgot your password, choose a new one at ${linkTo(tenant, '/reset-password')}.\n\nIf it was not you, you can ignore this mail.`,
  })
  throw new Conflict(ACCOUNT_NOT_OPENED, {
    issues: [{ path: ['account', 'email'], message: 'This email address cannot open a new account' }],
  })
}

/**
 * Pays the checkout, exactly once per order (`orderId`: a double click, a resubmit, a second tab
 * or a retry after a crash charges once), and opens the member's account, membership, card,
 * receipt, session and confirmation mail in the order's transaction, with the consent to the
 * automatic renewal terms (given apart from the Terms of Service: the API refuses a payment without
 * it) recorded on the membership: when, and the terms' text as the page showed it and the mail
 * repeats it. `session` is the buyer's new session, to sign them in; none when the answer is the
 * one an earlier attempt gave.
 */
export async function payCheckout(
  deps: CheckoutPaymentDeps,
  visitor: Visitor,
  payment: { cardToken: string; autoRenewalConsent: true },
  /** The page's language (`pageLanguage`): the member's, their terms' and their mail's; null is the default. */
  language: string | null = null,
) {
  const { groupKey } = deps.tenant
  const { hash, state: opened } = await load(deps, visitor, { replay: true })
  let session: string | undefined
  const completed = await once(
    deps,
    { groupKey, name: `checkout:${hash}` },
    opened.orderId,
    checkoutCompletedSchema,
    async (step) => {
      const { state: current } = await load(deps, visitor, { replay: true })
      requireOpen(current)
      if (!atLeast(current, 'account') || !current.plan || !current.account || !current.passwordHash)
        throw new Conflict(NOT_READY)
      const state = await reprice(deps, current)
      const { plan: choice, account, price, passwordHash } = state
      if (!choice || !account || !price || !passwordHash) throw new Conflict(NOT_READY)
      await refuseExistingAccount(deps, visitor, account.email)
      const charge = await step.charge({
        token: payment.cardToken,
        amountCents: price.totalCents,
        description: `Membership for ${account.email}`,
      })
      // The card that was charged (after a crash, the retry may bring a new token of the same card).
      const card = await deps.payments.card(charge.token)
      const now = deps.now()
      const timeZone = memberTimeZone(deps.tenant.policy, account.address.state)
      const renews = renewalDate(now, choice.billingCycle, timeZone)
      const plan = await planCatalog.plan(deps.db, groupKey, choice.planId)
      const planName = plan?.name ?? 'Membership'
      const renewalCents = price.lines.reduce((sum, line) => sum + line.amountCents, 0)
      // The terms consented to: the page's words and values, filled here as the page filled them.
      const terms = await autoRenewalTerms(deps, {
        renewalCents,
        renews,
        cycle: choice.billingCycle,
        timeZone,
        language,
      })
      const confirmation = await confirmationMail(deps, {
        terms,
        account,
        planName,
        price,
        renewalCents,
        renews,
        cardLast4: card.last4,
        cycle: choice.billingCycle,
        members: state.members,
        language,
      })
      const result = await step.commit(async (tx) => {
        const id = await insertMember(tx, groupKey, { ...account, passwordHash }, language)
        for (const member of state.members) await insertDependent(tx, groupKey, id, member)
        await members.saveCard(tx, groupKey, id, card)
        const receipt = await members.addReceipt(tx, groupKey, id, {
          description: `${planName} plan, enrollment and first ${choice.billingCycle === 'annual' ? 'year' : 'month'} (${memberCount(price.membersCount)})`,
          amountCents: charge.amountCents,
          cardLast4: card.last4,
          paidAt: now,
          chargeId: charge.chargeId,
        })
        await lifecycle.start(tx, groupKey, id, {
          planId: choice.planId,
          officeId: choice.officeId,
          billingCycle: choice.billingCycle,
          timeZone,
          startedAt: now,
          renewsAt: renews,
          receiptId: receipt.id,
          amountCents: charge.amountCents,
          enrollmentFeeCents: price.enrollmentFeeCents,
          couponCode: choice.couponCode ?? null,
          actor: 'checkout',
        })
        await recordRenewalConsent(tx, groupKey, id, { at: now, terms })
        const completed: Stored = { ...state, step: 'completed', memberId: id, passwordHash: null }
        await save(tx, hash, completed)
        session = await deps.sessions.create(tx, id, groupKey, now)
        // In the order's transaction: the confirmation exists exactly when the order does.
        await deps.mailer.send(
          { groupKey, to: account.email, ...confirmation({ memberId: id, receiptId: receipt.id }) },
          tx,
        )
        return {
          state: visible(completed),
          receipt: {
            id: receipt.id,
            amountCents: charge.amountCents,
            cardLast4: card.last4,
            paidAt: now.toISOString(),
          },
        }
      })
      return result
    },
  )
  return { completed, session }
}
