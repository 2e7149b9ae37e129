import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Access, StaffRole } from './engine/contract.ts'
import { STAFF_ROLES } from './staff-roles.ts'

describe('the staff roles are the site’s, registered with the contracts', () => {
  it('an endpoint’s access names the roles the site registers, and no other', () => {
    expectTypeOf<StaffRole>().toEqualTypeOf<(typeof STAFF_ROLES)[number]>()
    const access: Access = { staff: ['support', 'admin'] }
    // @ts-expect-error: a role the site does not have does not compile
    const unknown: Access = { staff: ['janitor'] }
    expect([access, unknown]).toHaveLength(2)
    expect(STAFF_ROLES).toEqual(['support', 'admin', 'content'])
  })
})
