import { useRef } from 'react'
import { DataBoundary, Skeleton, useApiQuery } from '#engine/data'
import { formatPhone } from '../kit/format/phone.ts'
import type { DashboardSettings } from './settings.ts'
import type { IdCardTexts } from '../kit/settings.ts'
import { IdCardFace, type IdCard } from '../kit/checkout/id-card.tsx'
import { Button } from '../kit/ui/button.tsx'
import { useDates } from '../kit/format/dates.ts'
import { download, printElement } from './format.ts'
import { dashboardQueries, idCardQuery } from './queries.ts'
import { fillText } from '#schemas/fill-text.ts'

/** An ID card for the member and for each dependent, printable wallet size and downloadable. */
export function IdCards({ settings, companyName }: { settings: DashboardSettings; companyName: string }) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const { data } = useApiQuery(dashboardQueries.dependents)
  if (!info.subscription) return <p>{settings.id_cards_waiting}</p>
  const people = [
    { id: info.id, person: 'member' as const, name: `${info.firstName} ${info.lastName}` },
    ...data.dependents.map((dependent) => ({
      id: dependent.id,
      person: 'dependent' as const,
      name: `${dependent.firstName} ${dependent.lastName}`,
    })),
  ]
  return (
    <ul className="grid gap-6 md:grid-cols-2" aria-label={settings.id_cards_label}>
      {people.map((person) => (
        <li key={`${person.person}-${person.id}`}>
          <DataBoundary
            title={fillText(settings.id_card_of, { name: person.name })}
            skeleton={<Skeleton label={fillText(settings.id_card_of, { name: person.name })} lines={5} />}
          >
            <Card
              id={person.id}
              person={person.person}
              notice={settings.id_card_notice}
              idCardOf={settings.id_card_of}
              label={settings.id_card_label}
              texts={settings}
              companyName={companyName}
            />
          </DataBoundary>
        </li>
      ))}
    </ul>
  )
}

function Card({
  id,
  person,
  notice,
  idCardOf,
  label,
  texts,
  companyName,
}: {
  id: number
  person: 'member' | 'dependent'
  notice: string
  idCardOf: string
  label: string
  texts: DashboardSettings
  companyName: string
}) {
  const { data: card } = useApiQuery(idCardQuery(id, person))
  const face = useRef<HTMLDivElement>(null)
  const dates = useDates()
  const fileName = `id-card-${card.memberNumber}.svg`
  // A cancelled or expired membership's card says so in words, on its face and on its copies.
  const notValid = card.endedOn ? fillText(texts.id_card_not_valid, { date: dates.long(card.endedOn) }) : undefined
  return (
    <div className="flex flex-col gap-3">
      <IdCardFace
        ref={face}
        card={card}
        notice={notice}
        companyName={companyName}
        label={fillText(label, { name: card.name })}
        texts={texts}
        notValid={notValid}
      />
      <div className="flex gap-3">
        <Button variant="outline" onClick={() => printElement(face.current)}>
          Print<span className="sr-only">{` ${fillText(idCardOf, { name: card.name })}`}</span>
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            download(
              fileName,
              'image/svg+xml',
              cardSvg(card, {
                notice,
                companyName,
                notValid,
                texts,
                valid: `${dates.short(card.effectiveDate)} – ${dates.short(card.validThrough)}`,
              }),
            )
          }
        >
          Download<span className="sr-only">{` ${fillText(idCardOf, { name: card.name })}`}</span>
        </Button>
      </div>
    </div>
  )
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The card as an SVG image, wallet size (3.375 × 2.125 in), for phones and printing elsewhere: the
 * face's words (the page's texts, its dates as the page writes them).
 */
export function cardSvg(
  card: IdCard,
  face: { notice: string; companyName: string; notValid?: string | undefined; texts: IdCardTexts; valid: string },
): string {
  const { notice, companyName, notValid, texts } = face
  const rows: [string, string][] = [
    [texts.id_card_name, card.name],
    [texts.id_card_member_number, card.memberNumber],
    [texts.id_card_plan, card.planName],
    [texts.id_card_group, card.groupKey],
    [texts.id_card_office, card.officeName ?? texts.id_card_any_office],
    [texts.id_card_valid, face.valid],
  ]
  const lines = rows
    .map(
      ([label, value], index) =>
        `<text x="16" y="${58 + index * 18}" font-size="11" fill="#374151">${escape(label)}</text><text x="96" y="${58 + index * 18}" font-size="11" font-weight="600">${escape(value)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="3.375in" height="2.125in" viewBox="0 0 324 204" font-family="Arial, sans-serif"><rect width="324" height="204" rx="12" fill="#fff" stroke="#d1d5db"/><rect width="324" height="32" rx="12" fill="#0e7490"/><text x="16" y="21" font-size="13" font-weight="700" fill="#fff">${escape(companyName)}</text>${lines}${notValid ? `<rect x="0" y="32" width="324" height="20" fill="#991b1b"/><text x="16" y="46" font-size="11" font-weight="700" fill="#fff">${escape(notValid)}</text>` : ''}<text x="16" y="192" font-size="11" font-weight="700">${escape(notice)}</text>${card.customerServicePhone ? `<text x="308" y="192" font-size="10" text-anchor="end">${escape(formatPhone(card.customerServicePhone))}</text>` : ''}</svg>`
}
