import { Dialog } from '#engine/dialog'
import type { MemberInfo } from '#schemas/api/members.ts'
import { fillText } from '#schemas/fill-text.ts'
import { FormAlert } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import { JOIN_STEPS, type JoinStep } from './join-flow.ts'
import type { JoinProps } from './join.tsx'
import { FamilyStep, PaymentStep, PlanStep } from './join-steps.tsx'
import { useJoinDialog } from './use-join-dialog.ts'

/**
 * Joining (again) from the dashboard, the checkout's steps with the account known: office and
 * plan, family (those on the account kept, more added), then the card, the terms and the consent.
 * One charge per attempt (its idempotency key); the dashboard then shows the new membership.
 * The steps and the state are use-join-dialog.ts's.
 */
export default function JoinDialog({ info, onClose, ...props }: JoinProps & { info: MemberInfo; onClose: () => void }) {
  const { settings } = props
  const join = useJoinDialog({ info, settings, onClose })
  // Taken apart: React's lint takes any property of an object holding refs for a ref read in render.
  const { step, busy, problem, offices, plans, plan, order, added, body, couponProblem, payError } = join
  const { heading, couponField, card, next, back, change, add, remove, pay } = join
  const index = JOIN_STEPS.indexOf(step)
  const titles: Record<JoinStep, string> = {
    plan: settings.join_step_plan,
    family: settings.join_step_family,
    payment: settings.join_step_payment,
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={fillText(settings.join_title, { company: props.companyName })}
      width="large"
      footer={
        <>
          {index > 0 ? (
            <Button variant="outline" disabled={busy} onClick={back}>
              {settings.join_back}
            </Button>
          ) : (
            <Button variant="outline" onClick={onClose}>
              {settings.join_cancel}
            </Button>
          )}
          {step !== 'payment' && (
            <Button variant="primary" type="submit" form="join-step">
              {settings.join_next}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <nav aria-label={settings.join_steps_label}>
          <ol className="flex flex-wrap gap-3 text-sm">
            {JOIN_STEPS.map((candidate, position) => (
              <li
                key={candidate}
                aria-current={candidate === step ? 'step' : undefined}
                className={candidate === step ? 'font-semibold' : 'text-gray-700'}
              >
                {position + 1}. {titles[candidate]}
              </li>
            ))}
          </ol>
        </nav>
        <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {titles[step]}
        </h3>
        {problem && <FormAlert>{settings[problem]}</FormAlert>}
        {step === 'plan' && (
          <PlanStep
            settings={settings}
            offices={offices}
            plans={plans}
            order={order}
            couponError={couponProblem}
            couponRef={couponField}
            onChange={change}
            onSubmit={next}
          />
        )}
        {step === 'family' && plan && (
          <FamilyStep
            settings={settings}
            plan={plan}
            plans={plans ?? []}
            kept={info.dependents}
            added={added}
            onAdd={add}
            onRemove={remove}
            onSubmit={next}
          />
        )}
        {step === 'payment' && plan && (
          <PaymentStep
            {...props}
            info={info}
            added={added}
            body={body}
            cardRef={card}
            busy={busy}
            error={payError}
            onPay={pay}
          />
        )}
      </div>
    </Dialog>
  )
}
