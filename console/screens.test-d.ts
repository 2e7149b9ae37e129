/**
 * Type-level tests of the screen registry, checked by `npm run typecheck`: each `@ts-expect-error`
 * fails the typecheck if the error it expects disappears.
 */
import type { Screen } from './screens.ts'

const Notes = () => null
const load = () => Promise.resolve({ default: Notes })

export const aScreen: Screen = { path: 'notes', label: 'Notes', roles: ['admin'], load }
export const withARecord: Screen = { ...aScreen, records: [{ path: ':id', load }] }

// @ts-expect-error A screen is for at least one role.
export const forNobody: Screen = { ...aScreen, roles: [] }

// @ts-expect-error A role is one the site registers (schemas/staff-roles.ts).
export const forAStranger: Screen = { ...aScreen, roles: ['janitor'] }

// @ts-expect-error A screen's module exports the screen as its default.
export const withoutDefault: Screen = { ...aScreen, load: () => Promise.resolve({ Notes }) }

// @ts-expect-error A record's path is a parameter after its screen's (`:id`).
export const recordWithoutParameter: Screen = { ...aScreen, records: [{ path: 'id', load }] }
