import type { GrievanceSummary } from '#schemas/api/grievances.ts'
import { useDates } from '../kit/format/dates.ts'
import { fillText } from '#schemas/fill-text.ts'
import { Card } from '../kit/ui/card.tsx'
import type { GrievanceStatusSettings } from './settings.ts'

type Category = GrievanceSummary['category']
const CATEGORY: Record<Category, keyof GrievanceStatusSettings> = {
  'quality-of-care': 'category_quality_of_care',
  billing: 'category_billing',
  'access-to-care': 'category_access_to_care',
  'customer-service': 'category_customer_service',
  other: 'category_other',
}
const STATUS: Record<GrievanceSummary['status'], keyof GrievanceStatusSettings> = {
  received: 'status_received',
  acknowledged: 'status_acknowledged',
  resolved: 'status_resolved',
  closed: 'status_closed',
}
const RESPONSE: Record<GrievanceSummary['responses'][number]['kind'], keyof GrievanceStatusSettings> = {
  acknowledgement: 'response_acknowledgement',
  update: 'response_update',
  resolution: 'response_resolution',
}

/**
 * One grievance as its member sees it: the reference, when it was filed and what about, its
 * status, the legal dates (sent or decided on, or due by), and the plan's responses.
 */
export function GrievanceDetails({
  grievance,
  settings,
  as = 'article',
  headingLevel = 2,
}: {
  grievance: GrievanceSummary
  settings: GrievanceStatusSettings
  as?: 'article' | 'li'
  headingLevel?: 2 | 3
}) {
  const id = `grievance-${grievance.reference}`
  const dates = useDates()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const step = (doneAt: string | null, done: string, dueBy: string) =>
    doneAt ? fillText(done, { date: dates.short(doneAt) }) : fillText(settings.due_by, { date: dates.short(dueBy) })
  const rows: [string, string][] = [
    [settings.filed_label, dates.short(grievance.filedAt)],
    [settings.category_label, settings[CATEGORY[grievance.category]]],
    [
      settings.status_label,
      grievance.urgent
        ? `${settings[STATUS[grievance.status]]} · ${settings.urgent_mark}`
        : settings[STATUS[grievance.status]],
    ],
    [settings.acknowledgement_label, step(grievance.acknowledgedAt, settings.acknowledged_on, grievance.acknowledgeBy)],
    [settings.resolution_label, step(grievance.resolvedAt, settings.resolved_on, grievance.resolveBy)],
  ]
  return (
    <Card as={as} padding="md" aria-labelledby={id} className="flex flex-col gap-3 text-body">
      <Heading id={id} className="text-xl font-semibold">
        {fillText(settings.grievance_title, { reference: grievance.reference })}
      </Heading>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="mb-2 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <Sub className="text-lg font-semibold">{settings.responses_heading}</Sub>
      {grievance.responses.length ? (
        <ol className="flex flex-col gap-3">
          {grievance.responses.map((response, index) => (
            <li key={index} className="rounded border-l-4 border-gray-400 bg-gray-50 p-3">
              <p className="font-medium">
                {fillText(settings[RESPONSE[response.kind]], { date: dates.short(response.sentAt) })}
              </p>
              <p className="whitespace-pre-line">{response.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{settings.no_responses}</p>
      )}
    </Card>
  )
}
