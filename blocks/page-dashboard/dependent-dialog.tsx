import { fillText } from '#schemas/fill-text.ts'
import { useLocale } from '#engine'
import { Dialog } from '#engine/dialog'
import type { Dependent } from '#schemas/api/members.ts'
import { DependentFields } from '../kit/forms/dependent-fields.tsx'
import { FormAlert } from '../kit/forms/form.tsx'
import { Button } from '../kit/ui/button.tsx'
import { changeWords, confirmWords } from './change-words.ts'
import type { DashboardSettings } from './settings.ts'
import { useDependentChange } from './use-dependent-change.ts'

/**
 * Adds a dependent or edits one, on the member's plan or their own. A change that moves the price
 * shows what it charges or refunds now and the renewal after it, then asks again to confirm.
 */
export default function DependentDialog({
  dependent,
  plans,
  ownPlan,
  settings,
  onClose,
}: {
  dependent?: Dependent | undefined
  plans: { value: string; label: string }[]
  ownPlan: string
  settings: DashboardSettings
  onClose: () => void
}) {
  const { form, problem, shown, saving, submit } = useDependentChange({ dependent, onClose })
  const language = useLocale()
  const title = dependent
    ? fillText(settings.edit_dependent, { name: `${dependent.firstName} ${dependent.lastName}` })
    : settings.add_dependent
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="dependent-form" disabled={saving}>
            {shown
              ? confirmWords(shown, settings, settings.change_confirm_button)
              : dependent
                ? settings.save_dependent
                : settings.add_dependent_button}
          </Button>
        </>
      }
    >
      <form id="dependent-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {problem && <FormAlert>{problem}</FormAlert>}
        <DependentFields form={form} plans={plans} ownPlan={ownPlan} texts={settings} />
        {shown && (
          <section aria-labelledby="dependent-change-heading" className="rounded border border-gray-300 p-3">
            <h3 id="dependent-change-heading" className="font-semibold">
              {settings.change_heading}
            </h3>
            <p role="status">{changeWords(shown, settings, language)}</p>
          </section>
        )}
      </form>
    </Dialog>
  )
}
