import { z } from '#schemas/engine/zod.ts'
import { grievanceCategories } from '#schemas/api/grievances.ts'
import { GRIEVANCE_STATUSES, type GrievanceStatus } from '#schemas/grievance-deadlines.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'

/** A grievance's row as the member's list reads it (the staff's inbox reads more of it). */
const grievanceRow = z.object({
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
export type GrievanceRow = z.output<typeof grievanceRow>
const COLUMNS =
  'id, reference, created_at, category, urgent, status, acknowledge_by, acknowledged_at, resolve_by, resolved_at'

/** The member's row of a grievance, with what staff read besides (the office by its name and city). */
const staffGrievanceRow = z.extend(grievanceRow, {
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  member_number: z.nullable(z.string()),
  member_id: z.nullable(z.number()),
  description: z.string(),
  desired_resolution: z.string(),
  closed_at: z.nullable(z.coerce.date()),
  patient_name: z.nullable(z.string()),
  office: z.nullable(z.string()),
  date_of_service: z.nullable(z.string()),
  representative_name: z.nullable(z.string()),
  representative_relationship: z.nullable(z.string()),
  representative_phone: z.nullable(z.string()),
  /** The language of the page it was filed on (null: the site's default): its mails are written in it. */
  language: z.nullable(z.string()),
})
export type StaffGrievanceRow = z.output<typeof staffGrievanceRow>
const STAFF_SELECT = `SELECT g.id, g.reference, g.created_at, g.name, g.email, g.phone, g.member_number, g.member_id, g.category,
    g.description, g.desired_resolution, g.urgent, g.status, g.acknowledge_by, g.acknowledged_at, g.resolve_by,
    g.resolved_at, g.closed_at, g.patient_name, o.name || ', ' || o.city AS office, g.date_of_service::text AS date_of_service,
    g.representative_name, g.representative_relationship, g.representative_phone, g.language
  FROM grievances g LEFT JOIN office_directory o ON o.id = g.office_id`

const idRow = z.pick(grievanceRow, { id: true })

/** An office of the tenant, as a grievance names it. */
export const grievanceOffice = (db: Queryable, groupKey: string, officeId: number) =>
  maybeOne(
    db,
    z.object({ id: z.number(), name: z.string(), city: z.string() }),
    'SELECT id, name, city FROM office_directory WHERE id = $1 AND group_key = $2',
    [officeId, groupKey],
  )

export interface NewGrievance {
  groupKey: string
  reference: string
  memberId: number | null
  name: string
  email: string
  phone: string | null
  memberNumber: string | null
  category: string
  description: string
  acknowledgeBy: Date
  resolveBy: Date
  patientName: string | null
  officeId: number | null
  dateOfService: string | null
  desiredResolution: string
  urgent: boolean
  representativeName: string | null
  representativeRelationship: string | null
  representativePhone: string | null
  representativeAuthorized: boolean | null
  createdAt: Date
  language: string | null
}

/** Files a grievance; answers its id. */
export async function insertGrievance(db: Queryable, grievance: NewGrievance): Promise<number> {
  const { id } = await one(
    db,
    idRow,
    `INSERT INTO grievances (group_key, reference, member_id, name, email, phone, member_number, category, description, acknowledge_by, resolve_by,
         patient_name, office_id, date_of_service, desired_resolution, urgent, representative_name, representative_relationship, representative_phone, representative_authorized, created_at, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id`,
    [
      grievance.groupKey,
      grievance.reference,
      grievance.memberId,
      grievance.name,
      grievance.email,
      grievance.phone,
      grievance.memberNumber,
      grievance.category,
      grievance.description,
      grievance.acknowledgeBy,
      grievance.resolveBy,
      grievance.patientName,
      grievance.officeId,
      grievance.dateOfService,
      grievance.desiredResolution,
      grievance.urgent,
      grievance.representativeName,
      grievance.representativeRelationship,
      grievance.representativePhone,
      grievance.representativeAuthorized,
      grievance.createdAt,
      grievance.language,
    ],
  )
  return id
}

/** A member number as typed on a form: without spaces, in capitals. */
const NORMALISED_NUMBER = "upper(replace(member_number, ' ', ''))"

/**
 * The member's grievances, newest first: those they filed signed in, and those filed with their
 * member number `number` or a dependent's (the number followed by -01, -02…), by anyone.
 */
export function grievancesOfMember(db: Queryable, groupKey: string, memberId: number, number: string) {
  return many(
    db,
    grievanceRow,
    `SELECT ${COLUMNS} FROM grievances
       WHERE group_key = $1 AND (member_id = $2 OR ${NORMALISED_NUMBER} = $3 OR left(${NORMALISED_NUMBER}, $4) = $5)
       ORDER BY created_at DESC, id DESC`,
    [groupKey, memberId, number, number.length + 1, `${number}-`],
  )
}

/** A grievance by its reference and the email it was filed with (in any case). */
export const grievanceByReference = (db: Queryable, groupKey: string, reference: string, email: string) =>
  maybeOne(
    db,
    grievanceRow,
    `SELECT ${COLUMNS} FROM grievances WHERE group_key = $1 AND reference = $2 AND lower(email) = lower($3)`,
    [groupKey, reference, email],
  )

/** The id of the tenant's grievance by its reference; throws when there is none. */
export const grievanceIdByReference = (db: Queryable, groupKey: string, reference: string) =>
  one(db, idRow, 'SELECT id FROM grievances WHERE group_key = $1 AND reference = $2', [groupKey, reference])

/** Whether the grievance is the tenant's: its id, or nothing. */
export const grievanceOfTenant = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(db, idRow, 'SELECT id FROM grievances WHERE group_key = $1 AND id = $2', [groupKey, id])

/** The tenant's grievances as staff read them, of one status and urgency or all (`null`). */
export const staffGrievances = (
  db: Queryable,
  groupKey: string,
  filters: { status: string | null; urgent: boolean | null },
) =>
  many(
    db,
    staffGrievanceRow,
    `${STAFF_SELECT} WHERE g.group_key = $1 AND ($2::text IS NULL OR g.status = $2) AND ($3::boolean IS NULL OR g.urgent = $3)`,
    [groupKey, filters.status, filters.urgent],
  )

/** One grievance of the tenant as staff read it; `lock` locks it (not its office) for the transaction. */
export const staffGrievanceById = (db: Queryable, groupKey: string, id: number, lock = false) =>
  maybeOne(
    db,
    staffGrievanceRow,
    `${STAFF_SELECT} WHERE g.group_key = $1 AND g.id = $2${lock ? ' FOR UPDATE OF g' : ''}`,
    [groupKey, id],
  )

/**
 * The grievances filed from `from` until `to`, oldest first, each with its latest written
 * resolution: what the quarterly report counts.
 */
export const grievancesFiledBetween = (db: Queryable, groupKey: string, from: Date, to: Date) =>
  many(
    db,
    z.extend(
      z.pick(staffGrievanceRow, {
        reference: true,
        category: true,
        urgent: true,
        status: true,
        created_at: true,
        acknowledge_by: true,
        acknowledged_at: true,
        resolve_by: true,
        resolved_at: true,
        closed_at: true,
      }),
      { resolution: z.nullable(z.string()) },
    ),
    `SELECT g.reference, g.category, g.urgent, g.status, g.created_at, g.acknowledge_by, g.acknowledged_at,
            g.resolve_by, g.resolved_at, g.closed_at,
            (SELECT r.body FROM grievance_responses r WHERE r.grievance_id = g.id AND r.kind = 'resolution'
              ORDER BY r.sent_at DESC, r.id DESC LIMIT 1) AS resolution
       FROM grievances g
      WHERE g.group_key = $1 AND g.created_at >= $2 AND g.created_at < $3
      ORDER BY g.created_at, g.id`,
    [groupKey, from, to],
  )

/** Acknowledged by a response: moved on from received, and acknowledged then unless already. */
export async function acknowledgeByResponse(db: Queryable, id: number, sentAt: Date) {
  await db.query(
    `UPDATE grievances SET status = CASE WHEN status = 'received' THEN 'acknowledged' ELSE status END,
           acknowledged_at = coalesce(acknowledged_at, $2) WHERE id = $1`,
    [id, sentAt],
  )
}

/** Resolved by a response: moved on from an open status, and acknowledged and resolved then unless already. */
export async function resolveByResponse(db: Queryable, id: number, sentAt: Date) {
  await db.query(
    `UPDATE grievances SET status = CASE WHEN status IN ('received', 'acknowledged') THEN 'resolved' ELSE status END,
           acknowledged_at = coalesce(acknowledged_at, $2), resolved_at = coalesce(resolved_at, $2) WHERE id = $1`,
    [id, sentAt],
  )
}

export async function setAcknowledged(db: Queryable, id: number, status: GrievanceStatus, at: Date) {
  await db.query('UPDATE grievances SET status = $2, acknowledged_at = $3 WHERE id = $1', [id, status, at])
}

export async function setResolved(db: Queryable, id: number, status: GrievanceStatus, at: Date) {
  await db.query(
    'UPDATE grievances SET status = $2, acknowledged_at = coalesce(acknowledged_at, $3), resolved_at = $3 WHERE id = $1',
    [id, status, at],
  )
}

export async function setClosed(db: Queryable, id: number, status: GrievanceStatus, at: Date) {
  await db.query('UPDATE grievances SET status = $2, closed_at = $3 WHERE id = $1', [id, status, at])
}

/** Open again: acknowledged (then, unless already), neither resolved nor closed. */
export async function setReopened(db: Queryable, id: number, status: GrievanceStatus, at: Date) {
  await db.query(
    'UPDATE grievances SET status = $2, acknowledged_at = coalesce(acknowledged_at, $3), resolved_at = NULL, closed_at = NULL WHERE id = $1',
    [id, status, at],
  )
}
