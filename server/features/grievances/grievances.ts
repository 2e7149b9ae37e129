import { z } from '#schemas/engine/zod.ts'
import { grievanceCategories, type GrievanceSummary } from '#schemas/api/support.ts'
import {
  GRIEVANCE_RESPONSE_KINDS,
  GRIEVANCE_STATUSES,
  type GrievanceResponseKind,
} from '#schemas/grievance-deadlines.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'
import { NotFound } from '../../platform/errors.ts'
import { memberNumber } from '../members/index.ts'

/** The one answer to a lookup that does not match, whatever did not (no hint of which). */
export const GRIEVANCE_NOT_FOUND = 'No grievance with that reference and email'

const COLUMNS =
  'id, reference, created_at, category, urgent, status, acknowledge_by, acknowledged_at, resolve_by, resolved_at'
/** A grievance's row as the member's list reads it (the staff's inbox reads more of it). */
export const grievanceRow = z.object({
  id: z.number(),
  reference: z.string(),
  created_at: z.coerce.date(),
  category: z.enum(grievanceCategories),
  urgent: z.boolean(),
  status: z.enum(GRIEVANCE_STATUSES),
  acknowledge_by: z.coerce.date(),
  acknowledged_at: z.nullable(z.coerce.date()),
  resolve_by: z.coerce.date(),
  resolved_at: z.nullable(z.coerce.date()),
})
type GrievanceRow = z.output<typeof grievanceRow>
const responseRow = z.object({
  grievance_id: z.number(),
  kind: z.enum(GRIEVANCE_RESPONSE_KINDS),
  body: z.string(),
  sent_at: z.coerce.date(),
})

/** The rows as the member sees them, each with the plan's responses, oldest first. */
async function summaries(db: Queryable, rows: GrievanceRow[]): Promise<GrievanceSummary[]> {
  const responses = rows.length
    ? await many(
        db,
        responseRow,
        'SELECT grievance_id, kind, body, sent_at FROM grievance_responses WHERE grievance_id = ANY($1::int[]) ORDER BY sent_at, id',
        [rows.map((row) => String(row.id))],
      )
    : []
  return rows.map((row) => ({
    reference: row.reference,
    filedAt: row.created_at.toISOString(),
    category: row.category,
    urgent: row.urgent,
    status: row.status,
    acknowledgeBy: row.acknowledge_by.toISOString(),
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    resolveBy: row.resolve_by.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    responses: responses
      .filter((response) => response.grievance_id === row.id)
      .map((response) => ({ kind: response.kind, sentAt: response.sent_at.toISOString(), body: response.body })),
  }))
}

/** A member number as typed on a form: without spaces, in capitals. */
const NORMALISED_NUMBER = "upper(replace(member_number, ' ', ''))"

export const grievances = {
  /**
   * The member's grievances, newest first: those they filed signed in, and those filed with their
   * member number or a dependent's (the member's number followed by -01, -02…), by anyone.
   */
  async ofMember(db: Queryable, groupKey: string, memberId: number): Promise<GrievanceSummary[]> {
    return summaries(db, await grievances.rowsOfMember(db, groupKey, memberId))
  },

  /** The rows of the member's grievances (as `ofMember` finds them), newest first: what member services list. */
  async rowsOfMember(db: Queryable, groupKey: string, memberId: number): Promise<GrievanceRow[]> {
    const number = memberNumber(groupKey, memberId)
    return many(
      db,
      grievanceRow,
      `SELECT ${COLUMNS} FROM grievances
       WHERE group_key = $1 AND (member_id = $2 OR ${NORMALISED_NUMBER} = $3 OR left(${NORMALISED_NUMBER}, $4) = $5)
       ORDER BY created_at DESC, id DESC`,
      [groupKey, memberId, number, number.length + 1, `${number}-`],
    )
  },

  /**
   * One grievance by its reference and the email it was filed with. Anything else (no such
   * reference, another tenant's, another email) is the same NotFound, so the answer tells nothing
   * about which part was wrong. The caller limits the attempts.
   */
  async lookUp(db: Queryable, groupKey: string, reference: string, email: string): Promise<GrievanceSummary> {
    const row = await maybeOne(
      db,
      grievanceRow,
      `SELECT ${COLUMNS} FROM grievances WHERE group_key = $1 AND reference = $2 AND lower(email) = lower($3)`,
      [groupKey, reference, email],
    )
    if (!row) throw new NotFound(GRIEVANCE_NOT_FOUND)
    const [summary] = await summaries(db, [row])
    return summary!
  },

  /**
   * Records the plan's written response to a grievance (the staff console's work): an
   * acknowledgement marks it acknowledged, a resolution resolved, each with the response's time
   * unless already set; an update changes no status. A response never moves a grievance back.
   */
  async addResponse(
    db: Queryable,
    groupKey: string,
    reference: string,
    response: { kind: GrievanceResponseKind; body: string; sentAt: Date },
  ): Promise<void> {
    const { id } = await one(
      db,
      z.object({ id: z.number() }),
      'SELECT id FROM grievances WHERE group_key = $1 AND reference = $2',
      [groupKey, reference],
    )
    await db.query('INSERT INTO grievance_responses (grievance_id, kind, body, sent_at) VALUES ($1, $2, $3, $4)', [
      id,
      response.kind,
      response.body,
      response.sentAt,
    ])
    if (response.kind === 'acknowledgement')
      await db.query(
        `UPDATE grievances SET status = CASE WHEN status = 'received' THEN 'acknowledged' ELSE status END,
           acknowledged_at = coalesce(acknowledged_at, $2) WHERE id = $1`,
        [id, response.sentAt],
      )
    if (response.kind === 'resolution')
      await db.query(
        `UPDATE grievances SET status = CASE WHEN status IN ('received', 'acknowledged') THEN 'resolved' ELSE status END,
           acknowledged_at = coalesce(acknowledged_at, $2), resolved_at = coalesce(resolved_at, $2) WHERE id = $1`,
        [id, response.sentAt],
      )
  },
}
