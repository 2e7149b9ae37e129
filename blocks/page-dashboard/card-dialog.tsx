import { Dialog } from '#engine/dialog'
import type { PublicConfig } from '#schemas/runtime.ts'
import { CardFields } from '../kit/checkout/card-fields.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import type { DashboardSettings } from './settings.ts'
import { useCardUpdate } from './use-card-update.ts'

/** Replaces the card on file through the processor's card fields: our server gets only a token. */
export default function CardDialog({
  hasCard,
  paymentFields,
  settings,
  onClose,
}: {
  hasCard: boolean
  paymentFields: PublicConfig['paymentFields']
  settings: DashboardSettings
  onClose: () => void
}) {
  const { problem, saving, fields, save } = useCardUpdate({ onClose })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={hasCard ? settings.update_card_title : settings.add_card}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : settings.save_card}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {problem && <FormAlert>{problem}</FormAlert>}
        <CardFields
          ref={fields}
          config={paymentFields}
          purpose="update"
          onSubmitRequest={() => void save()}
          texts={settings}
        />
      </div>
    </Dialog>
  )
}
