import type { Ref } from 'react'
import type { z } from '#schemas/engine/zod.ts'
import type { idCardSchema } from '#schemas/api/members.ts'
import { useDates } from '../format/dates.ts'
import { relationshipWord } from '../format/relationships.ts'
import { formatPhone } from '../format/phone.ts'
import type { IdCardTexts } from '../settings.ts'

export type IdCard = z.output<typeof idCardSchema>

/** The face of an ID card, wallet size: the dashboard's cards and the checkout's temporary card. */
export function IdCardFace({
  card,
  notice,
  companyName,
  label,
  texts,
  notValid,
  ref,
}: {
  card: IdCard
  notice: string
  companyName: string
  /** The card's name (screen readers). */
  label: string
  /** From the settings of the page showing the card (idCardSettings). */
  texts: IdCardTexts
  /** Said across the card when it is no longer valid (a cancelled or expired membership). */
  notValid?: string | undefined
  ref?: Ref<HTMLDivElement>
}) {
  const dates = useDates()
  return (
    <div
      ref={ref}
      className="id-card relative flex aspect-[3.375/2.125] w-full max-w-sm flex-col justify-between overflow-hidden rounded-xl border border-gray-300 bg-white shadow-md"
      role="group"
      aria-label={label}
    >
      <div className="flex items-center justify-between bg-brand px-4 py-2 text-brand-contrast">
        <span className="font-semibold">{companyName}</span>
        <span className="text-xs uppercase">{relationshipWord(texts, card.relationship) ?? texts.id_card_member}</span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 px-4 text-sm">
        <dt className="text-gray-700">{texts.id_card_name}</dt>
        <dd className="font-semibold">{card.name}</dd>
        <dt className="text-gray-700">{texts.id_card_member_number}</dt>
        <dd className="font-mono font-semibold">{card.memberNumber}</dd>
        <dt className="text-gray-700">{texts.id_card_plan}</dt>
        <dd>{card.planName}</dd>
        <dt className="text-gray-700">{texts.id_card_group}</dt>
        <dd>{card.groupKey}</dd>
        <dt className="text-gray-700">{texts.id_card_office}</dt>
        <dd>{card.officeName ?? texts.id_card_any_office}</dd>
        <dt className="text-gray-700">{texts.id_card_valid}</dt>
        <dd>
          {dates.short(card.effectiveDate)} – {dates.short(card.validThrough)}
        </dd>
      </dl>
      <div className="flex items-center justify-between gap-2 border-t border-gray-200 px-4 py-1.5 text-xs">
        <strong className="tracking-wide">{notice}</strong>
        {card.customerServicePhone && <span className="shrink-0">{formatPhone(card.customerServicePhone)}</span>}
      </div>
      {/* A stamp across the card's face: the card keeps its size, and its data stays readable above and below. */}
      {notValid && (
        <p className="absolute inset-x-0 top-1/2 -translate-y-1/2 bg-red-800 px-4 py-1 text-center text-sm font-bold text-white">
          {notValid}
        </p>
      )}
    </div>
  )
}
