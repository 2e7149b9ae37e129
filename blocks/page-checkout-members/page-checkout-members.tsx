import { useState } from 'react'
import { useConfirm, useEngine, useNavigate } from '#engine'
import { setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import {
  DEPENDENT_FIELDS,
  DependentFields,
  dependentForm,
  dependentFormValues,
} from '../kit/forms/dependent-fields.tsx'
import { relationshipWord } from '../kit/format/relationships.ts'
import { FormAlert, showServerError, useZodForm } from '../kit/forms/form.tsx'
import { shortDay } from '#schemas/days.ts'
import { money } from '../kit/format/money.ts'
import { fillText } from '#schemas/fill-text.ts'
import type { PageCheckoutMembersProps } from './props.ts'
import type { CheckoutMembersSettings } from './settings.ts'
import { CheckoutStep } from '../kit/checkout/checkout-step.tsx'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'

type Member = CheckoutState['members'][number]
/** A price a member pays each period of the checkout's billing, in the content's words. */
const pricePer = (settings: CheckoutMembersSettings, cycle: 'monthly' | 'annual', cents: number) =>
  fillText(cycle === 'annual' ? settings.price_year : settings.price_month, { price: money(cents) })

export default function PageCheckoutMembers({ settings, mode, memberId, planIds, paths }: PageCheckoutMembersProps) {
  const { data: state } = useApiQuery(checkoutStateQuery)
  const office = state.office
  const ownPlan = office?.plans.find((plan) => plan.id === state.plan?.planId)
  const cycle = state.plan?.billingCycle ?? 'monthly'
  const plans = (office?.plans ?? [])
    .filter((plan) => !planIds.length || planIds.includes(plan.id))
    .map((plan) => ({
      value: String(plan.id),
      label: fillText(settings.plan_option, {
        plan: plan.name,
        price: pricePer(settings, cycle, cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents),
      }),
    }))
  const editing = mode === 'edit' ? state.members.find((member) => member.id === memberId) : undefined
  if (mode === 'edit' && editing)
    return (
      <EditMember
        member={editing}
        settings={settings}
        plans={plans}
        ownPlan={ownPlan?.name ?? 'your plan'}
        back={paths.members}
      />
    )
  const limit = ownPlan?.maxDependents ?? 0
  return (
    <CheckoutStep title={settings.heading} intro={settings.intro}>
      <Household state={state} settings={settings} />
      {state.members.length >= limit ? (
        <FormAlert tone="info">
          {fillText(settings.limit_reached, { plan: ownPlan?.name ?? 'chosen', count: limit })}
        </FormAlert>
      ) : (
        <AddMember settings={settings} plans={plans} ownPlan={ownPlan?.name ?? 'your plan'} />
      )}
      <ButtonLink variant="primary" to={paths.payment} className="self-start">
        {settings.continue_button}
      </ButtonLink>
    </CheckoutStep>
  )
}

/** Everyone the membership covers, each with their plan and price (the server's lines). */
function Household({ state, settings }: { state: CheckoutState; settings: CheckoutMembersSettings }) {
  const { pathTo } = useEngine()
  const confirm = useConfirm()
  const [problem, setProblem] = useState<string>()
  const remove = useApiMutation(checkoutApi.removeMember, {
    onSuccess: (next, _input, client) => setApiData(client, checkoutStateQuery, next),
    onError: (error) => setProblem(error.message),
  })
  const line = (memberId: number | null) => state.price?.lines.find((candidate) => candidate.memberId === memberId)
  const billing = state.plan?.billingCycle ?? 'monthly'
  const ask = async (member: Member) => {
    const name = `${member.firstName} ${member.lastName}`
    const ok = await confirm({
      title: fillText(settings.remove_title, { name }),
      message: fillText(settings.remove_message, { name }),
      okText: settings.remove_button,
      cancelText: settings.keep_button,
      severity: 'danger',
    })
    if (ok) remove.mutate({ params: { memberId: member.id } })
  }
  const primary = line(null)
  return (
    <div className="flex flex-col gap-3">
      {problem && <FormAlert>{problem}</FormAlert>}
      <ul
        aria-label={settings.people_label}
        className="flex flex-col divide-y divide-gray-200 rounded-lg border border-gray-300 bg-white"
      >
        <li className="flex flex-wrap items-center justify-between gap-2 p-4">
          <div>
            <p className="font-semibold">
              {state.account ? `${state.account.firstName} ${state.account.lastName}` : settings.you}
            </p>
            <p className="text-sm text-gray-700">
              {fillText(settings.primary_member, { plan: primary?.planName ?? '' })}
            </p>
          </div>
          {primary && <p>{pricePer(settings, billing, primary.amountCents)}</p>}
        </li>
        {state.members.map((member) => {
          const price = line(member.id)
          const name = `${member.firstName} ${member.lastName}`
          return (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div>
                <p className="font-semibold">{name}</p>
                <p className="text-sm text-gray-700">
                  {fillText(settings.member_line, {
                    relationship: relationshipWord(settings, member.relationship) ?? '',
                    birth_date: shortDay(member.dateOfBirth),
                    plan: price?.planName ?? '',
                  })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {price && <p>{pricePer(settings, billing, price.amountCents)}</p>}
                <ButtonLink variant="outline" to={pathTo('checkout-edit-member', { memberId: member.id })}>
                  {settings.edit_button}
                  <span className="sr-only"> {name}</span>
                </ButtonLink>
                <Button variant="outline" disabled={remove.isPending} onClick={() => void ask(member)}>
                  {settings.remove_button}
                  <span className="sr-only"> {name}</span>
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function AddMember({
  settings,
  plans,
  ownPlan,
}: {
  settings: CheckoutMembersSettings
  plans: { value: string; label: string }[]
  ownPlan: string
}) {
  const form = useZodForm(dependentForm, dependentFormValues())
  const [problem, setProblem] = useState<string>()
  const [added, setAdded] = useState<string>()
  const add = useApiMutation(checkoutApi.addMember, {
    onSuccess: (next, input, client) => {
      setApiData(client, checkoutStateQuery, next)
      setAdded(fillText(settings.added, { name: `${input.body.firstName} ${input.body.lastName}` }))
      form.reset(dependentFormValues())
    },
    onError: (error) => setProblem(showServerError(form, error, DEPENDENT_FIELDS)),
  })
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    setAdded(undefined)
    add.mutate({ body })
  })
  return (
    <Card as="section" padding="lg" aria-labelledby="add-heading" className="flex flex-col gap-3">
      <h2 id="add-heading" className="text-xl font-semibold">
        {settings.add_heading}
      </h2>
      <p role="status" className="font-medium text-green-800">
        {added}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3"
        aria-labelledby="add-heading"
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <DependentFields form={form} plans={plans} ownPlan={ownPlan} texts={settings} />
        <Button variant="outline" type="submit" className="self-start" disabled={add.isPending}>
          {settings.add_button}
        </Button>
      </form>
    </Card>
  )
}

function EditMember({
  member,
  settings,
  plans,
  ownPlan,
  back,
}: {
  member: Member
  settings: CheckoutMembersSettings
  plans: { value: string; label: string }[]
  ownPlan: string
  back: string
}) {
  const form = useZodForm(dependentForm, dependentFormValues(member))
  const [problem, setProblem] = useState<string>()
  const navigate = useNavigate()
  const edit = useApiMutation(checkoutApi.editMember, {
    onSuccess: async (next, _input, client) => {
      setApiData(client, checkoutStateQuery, next)
      await navigate(back)
    },
    onError: (error) => setProblem(showServerError(form, error, DEPENDENT_FIELDS)),
  })
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    edit.mutate({ params: { memberId: member.id }, body })
  })
  return (
    <CheckoutStep title={fillText(settings.edit_heading, { name: `${member.firstName} ${member.lastName}` })}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex max-w-xl flex-col gap-3"
        aria-labelledby="step-heading"
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <DependentFields form={form} plans={plans} ownPlan={ownPlan} texts={settings} />
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" type="submit" disabled={edit.isPending}>
            {settings.save_button}
          </Button>
          <ButtonLink variant="outline" to={back}>
            Cancel
          </ButtonLink>
        </div>
      </form>
    </CheckoutStep>
  )
}
