import type { GrievanceSummary } from '#schemas/api/grievances.ts'
import type { GrievanceResponseKind } from '#schemas/grievance-deadlines.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { NotFound } from '../../platform/errors.ts'
import { memberNumber } from '../members/index.ts'
import {
  acknowledgeByResponse,
  grievanceByReference,
  grievanceIdByReference,
  grievancesOfMember,
  resolveByResponse,
  type GrievanceRow,
} from './grievance-store.ts'
import { insertResponse, responsesToGrievances } from './grievance-detail-store.ts'

/** The one answer to a lookup that does not match, whatever did not (no hint of which). */
export const GRIEVANCE_NOT_FOUND = 'No grievance with that reference and email'

/** The rows as the member sees them, each with the plan's responses, oldest first. */
async function summaries(db: Queryable, rows: GrievanceRow[]): Promise<GrievanceSummary[]> {
  const responses = rows.length
    ? await responsesToGrievances(
        db,
        rows.map((row) => row.id),
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
    return grievancesOfMember(db, groupKey, memberId, memberNumber(groupKey, memberId))
  },

  /**
   * One grievance by its reference and the email it was filed with. Anything else (no such
   * reference, another tenant's, another email) is the same NotFound, so the answer tells nothing
   * about which part was wrong. The caller limits the attempts.
   */
  async lookUp(db: Queryable, groupKey: string, reference: string, email: string): Promise<GrievanceSummary> {
    const row = await grievanceByReference(db, groupKey, reference, email)
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
    const { id } = await grievanceIdByReference(db, groupKey, reference)
    await insertResponse(db, id, response)
    if (response.kind === 'acknowledgement') await acknowledgeByResponse(db, id, response.sentAt)
    if (response.kind === 'resolution') await resolveByResponse(db, id, response.sentAt)
  },
}
