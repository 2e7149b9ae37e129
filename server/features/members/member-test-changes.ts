import { randomUUID } from 'node:crypto'
import type { ChangeQuote } from '#schemas/api/members.ts'
import type { TestClient } from '../../test-harness.ts'

/**
 * A change of plan or household as the dashboard makes it (server/features/members/household-changes.ts):
 * priced first, then sent with the member's yes to the quoted amount and a key of its own. A change
 * its quote refuses is sent without them, to be answered as the change itself answers.
 */
export async function confirmedChange<T = unknown>(
  client: TestClient,
  request: { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: Record<string, unknown> },
  change: { change: 'plan'; planId: number } | { change: 'add' | 'update' | 'remove'; [key: string]: unknown },
) {
  const quote =
    change.change === 'plan'
      ? await client.json<ChangeQuote>(`/api/v4/member/switch/${change.planId}`)
      : await client.json<ChangeQuote>('/api/v4/member/householdQuote', { method: 'POST', body: change })
  const yes =
    quote.status === 200 ? { confirmedCents: quote.body.dueNowCents, idempotencyKey: `change-${randomUUID()}` } : {}
  return client.json<T>(request.path, { method: request.method, body: { ...request.body, ...yes } })
}

/** A dependent added as the dashboard adds one (quoted, then confirmed). */
export const addDependent = <T = unknown>(client: TestClient, dependent: HouseholdChangeDependent) =>
  confirmedChange<T>(
    client,
    { path: '/api/v4/member/dependents', method: 'POST', body: dependent },
    {
      change: 'add',
      dependent,
    },
  )

/** A dependent changed as the dashboard changes one. */
export const updateDependent = <T = unknown>(client: TestClient, id: number, dependent: HouseholdChangeDependent) =>
  confirmedChange<T>(
    client,
    { path: `/api/v4/member/dependents/${id}`, method: 'PUT', body: dependent },
    {
      change: 'update',
      id,
      dependent,
    },
  )

/** A dependent removed as the dashboard removes one. */
export const removeDependent = (client: TestClient, id: number) =>
  confirmedChange(client, { path: `/api/v4/member/dependents/${id}`, method: 'DELETE' }, { change: 'remove', id })

/** Another plan, as the dashboard switches. */
export const switchPlan = <T = unknown>(client: TestClient, planId: number) =>
  confirmedChange<T>(client, { path: `/api/v4/member/switch/${planId}`, method: 'POST' }, { change: 'plan', planId })

/** A dependent as a test writes one (the API checks it). */
type HouseholdChangeDependent = Record<string, unknown>
