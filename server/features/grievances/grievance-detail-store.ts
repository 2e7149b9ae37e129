import { z } from '#schemas/engine/zod.ts'
import { GRIEVANCE_EVENT_KINDS } from '#schemas/api/grievances.ts'
import { GRIEVANCE_RESPONSE_KINDS, type GrievanceResponseKind } from '#schemas/grievance-deadlines.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

// What a grievance holds besides its row: the files filed with it, the plan's written responses, its history.

const responseRow = z.object({
  grievance_id: z.number(),
  kind: z.enum(GRIEVANCE_RESPONSE_KINDS),
  body: z.string(),
  sent_at: z.coerce.date(),
})
const attachmentRow = z.object({
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  data: z.instanceof(Uint8Array),
})
/** A history event, with the email of the staff member who acted. */
const eventRow = z.object({
  kind: z.enum(GRIEVANCE_EVENT_KINDS),
  at: z.coerce.date(),
  actor: z.nullable(z.string()),
  text: z.string(),
})

/** The plan's written responses to the grievances `ids`, oldest first. */
export const responsesToGrievances = (db: Queryable, ids: readonly number[]) =>
  many(
    db,
    responseRow,
    'SELECT grievance_id, kind, body, sent_at FROM grievance_responses WHERE grievance_id = ANY($1::int[]) ORDER BY sent_at, id',
    [ids.map((id) => String(id))],
  )

/** The plan's written responses to one grievance, oldest first. */
export const responsesTo = (db: Queryable, id: number) =>
  many(
    db,
    z.omit(responseRow, { grievance_id: true }),
    'SELECT kind, body, sent_at FROM grievance_responses WHERE grievance_id = $1 ORDER BY sent_at, id',
    [id],
  )

export async function insertResponse(
  db: Queryable,
  grievanceId: number,
  response: { kind: GrievanceResponseKind; body: string; sentAt: Date },
) {
  await db.query('INSERT INTO grievance_responses (grievance_id, kind, body, sent_at) VALUES ($1, $2, $3, $4)', [
    grievanceId,
    response.kind,
    response.body,
    response.sentAt,
  ])
}

export async function insertAttachment(
  db: Queryable,
  grievanceId: number,
  file: { name: string; type: string; base64: string; size: number; sha256: string },
) {
  // The query layer takes no binary parameters; base64 decoded by the database works on both drivers
  // (and the file is not copied here: it stays the text the request brought).
  await db.query(
    "INSERT INTO grievance_attachments (grievance_id, name, content_type, size, sha256, data) VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'))",
    [grievanceId, file.name, file.type, file.size, file.sha256, file.base64],
  )
}

/** The files filed with a grievance, in their order, without their bytes. */
export const attachmentsOf = (db: Queryable, grievanceId: number) =>
  many(
    db,
    z.omit(attachmentRow, { data: true }),
    'SELECT name, content_type, size FROM grievance_attachments WHERE grievance_id = $1 ORDER BY id',
    [grievanceId],
  )

/** The grievance's file at `index` in that order, with its bytes. */
export const attachmentAt = (db: Queryable, grievanceId: number, index: number) =>
  maybeOne(
    db,
    z.omit(attachmentRow, { size: true }),
    'SELECT name, content_type, data FROM grievance_attachments WHERE grievance_id = $1 ORDER BY id OFFSET $2 LIMIT 1',
    [grievanceId, index],
  )

/** The grievance's history, oldest first. */
export const historyOf = (db: Queryable, grievanceId: number) =>
  many(
    db,
    eventRow,
    `SELECT e.kind, e.at, u.email AS actor, e.text FROM grievance_events e LEFT JOIN people u ON u.id = e.actor_id
       WHERE e.grievance_id = $1 ORDER BY e.at, e.id`,
    [grievanceId],
  )

export async function insertEvent(
  db: Queryable,
  event: {
    grievanceId: number
    groupKey: string
    at: Date
    actorId: number
    kind: (typeof GRIEVANCE_EVENT_KINDS)[number]
    text: string
  },
) {
  await db.query(
    'INSERT INTO grievance_events (grievance_id, group_key, at, actor_id, kind, text) VALUES ($1, $2, $3, $4, $5, $6)',
    [event.grievanceId, event.groupKey, event.at, event.actorId, event.kind, event.text],
  )
}
