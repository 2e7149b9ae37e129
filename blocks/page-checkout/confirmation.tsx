import { Fragment, useRef } from 'react'
import { ApiRequestError, Link, useEngine } from '#engine'
import { DataTable } from '#engine/table'
import { DataBoundary, Skeleton, useApiQueries, useApiQuery } from '#engine/data'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { useDates } from '../kit/format/dates.ts'
import { FormAlert } from '../kit/forms/field.tsx'
import { IdCardFace } from '../kit/checkout/id-card.tsx'
import { money } from '../kit/format/money.ts'
import { printElement } from '../kit/checkout/print.ts'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import { idCardQuery, infoQuery, receiptsQuery } from './queries.ts'
import type { CheckoutSettings } from './settings.ts'
import { fillParts, fillText } from '#schemas/fill-text.ts'

/** The paid checkout: the receipt, the member numbers and the temporary ID card. */
export default function Confirmation({
  state,
  settings,
  companyName,
  dashboard,
}: {
  state: CheckoutState
  settings: CheckoutSettings
  companyName: string
  dashboard: string
}) {
  const { pathTo } = useEngine()
  const email = state.account?.email ?? ''
  return (
    <section aria-labelledby="confirmation-heading" className="flex flex-col gap-6" data-part="checkout-confirmation">
      <div className="flex flex-col gap-2">
        <h1 id="confirmation-heading" className="text-3xl font-bold">
          {settings.confirmation_heading}
        </h1>
        <p>{settings.confirmation_text.replace('{email}', email)}</p>
        <ButtonLink variant="primary" to={dashboard} className="self-start print:hidden">
          {settings.dashboard_button}
        </ButtonLink>
      </div>
      <DataBoundary
        title={settings.membership_title}
        skeleton={<Skeleton label={settings.membership_title} lines={6} />}
        // Signed out since (another day, another browser tab): the membership is behind sign-in.
        explain={(error) =>
          error instanceof ApiRequestError && error.status === 401 ? (
            <p>
              {fillParts(settings.signed_out, {
                sign_in: (
                  <Link to={pathTo('member-login', {}, { redirect: dashboard })} className="font-semibold underline">
                    {settings.sign_in_link}
                  </Link>
                ),
              }).map((part, index) => (
                <Fragment key={index}>{part}</Fragment>
              ))}
            </p>
          ) : undefined
        }
      >
        <Membership state={state} settings={settings} companyName={companyName} />
      </DataBoundary>
    </section>
  )
}

function Membership({
  state,
  settings,
  companyName,
}: {
  state: CheckoutState
  settings: CheckoutSettings
  companyName: string
}) {
  const receiptBox = useRef<HTMLElement>(null)
  const dates = useDates()
  const { data: info } = useApiQuery(infoQuery)
  const { data: receipts } = useApiQuery(receiptsQuery)
  const cards = useApiQueries([
    idCardQuery(info.id, 'member'),
    ...info.dependents.map((dependent) => idCardQuery(dependent.id, 'dependent')),
  ])
  const receipt = receipts.receipts[0]
  const own = cards[0]
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {receipt && (
        <Card
          as="section"
          padding="lg"
          ref={receiptBox}
          aria-labelledby="receipt-heading"
          className="flex flex-col gap-3"
        >
          <h2 id="receipt-heading" className="text-xl font-semibold">
            {settings.receipt_heading} {receipt.id}
          </h2>
          <p>{companyName}</p>
          <p>{receipt.description}</p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt>{settings.receipt_paid}</dt>
            <dd>{dates.long(receipt.paidAt)}</dd>
            <dt>{settings.receipt_card}</dt>
            <dd>{fillText(settings.receipt_card_ending, { last4: receipt.cardLast4 })}</dd>
            {state.price && state.price.discountCents > 0 && (
              <>
                <dt>{settings.receipt_discount}</dt>
                <dd>−{money(state.price.discountCents)}</dd>
              </>
            )}
            <dt className="font-semibold">{settings.receipt_total}</dt>
            <dd className="font-semibold">{money(receipt.amountCents)}</dd>
          </dl>
          <Button
            variant="outline"
            className="self-start print:hidden"
            onClick={() => printElement(receiptBox.current)}
          >
            {settings.print_button}
          </Button>
        </Card>
      )}
      <section aria-labelledby="numbers-heading" className="flex flex-col gap-3">
        <h2 id="numbers-heading" className="text-xl font-semibold">
          {settings.members_heading}
        </h2>
        <DataTable
          className="w-full text-left"
          caption={settings.members_heading}
          columns={[
            {
              header: settings.members_name_header,
              cell: (card) => card.name,
              rowHeader: true,
              className: 'py-1',
              cellClassName: 'font-normal',
            },
            { header: settings.members_plan_header, cell: (card) => card.planName },
            {
              header: settings.members_number_header,
              cell: (card) => card.memberNumber,
              cellClassName: 'font-mono',
            },
          ]}
          rows={cards}
          rowKey={(card) => card.memberNumber}
          headRowClassName="border-b border-gray-300"
          rowClassName="border-b border-gray-200"
        />
      </section>
      {own && (
        <section aria-labelledby="card-heading" className="flex flex-col gap-3">
          <h2 id="card-heading" className="text-xl font-semibold">
            {settings.id_card_heading}
          </h2>
          <IdCardFace
            card={own}
            notice={settings.id_card_notice}
            companyName={companyName}
            label={fillText(settings.id_card_label, { name: own.name })}
            texts={settings}
          />
        </section>
      )}
      {!receipt && <FormAlert tone="info">{settings.receipt_on_dashboard}</FormAlert>}
    </div>
  )
}
