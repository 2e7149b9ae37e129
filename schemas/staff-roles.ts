/**
 * The roles of the plan's staff: member services, administrator (manages staff), content manager.
 * Registered with the contracts (schemas/engine/contract.ts `ContractRegister`): an endpoint's
 * access names them, and a name not among them does not compile.
 */
export const STAFF_ROLES = ['support', 'admin', 'content'] as const
type Role = (typeof STAFF_ROLES)[number]
export type { Role as StaffRole }

declare module './engine/contract.ts' {
  interface ContractRegister {
    staffRole: Role
  }
}
