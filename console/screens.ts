import type { ComponentType } from 'react'
import type { StaffRole } from '#schemas/staff-roles.ts'

/** A screen's module: the screen is its default export. */
export interface ScreenModule {
  default: ComponentType
}

/**
 * A screen opened from another (a record of its list): its path after the other's (`:id`), for the
 * same roles, and never in the navigation.
 */
export interface RecordScreen {
  path: `:${string}`
  load: () => Promise<ScreenModule>
}

/**
 * A screen of the console, in the navigation: its address under `/console`, its name, the roles
 * it opens for (the contracts' `access` says the same to the server), and its module, loaded when
 * it is first shown (a chunk of its own).
 */
export interface Screen {
  path: string
  label: string
  roles: readonly [StaffRole, ...StaffRole[]]
  load: () => Promise<ScreenModule>
  records?: readonly RecordScreen[]
}

const MEMBER_SERVICES = ['support', 'admin'] as const
const ADMINISTRATORS = ['admin'] as const

/**
 * Every screen of the console, in the navigation's order; a staff member starts at the first their
 * roles open. The console's routes, navigation, start and role guard are all made from this list
 * (app.tsx): a screen is added here, in one line, and nowhere else (docs/guides/add-a-console-screen.md).
 */
export const screens: readonly Screen[] = [
  {
    path: 'grievances',
    label: 'Grievances',
    roles: MEMBER_SERVICES,
    load: () => import('./grievances/inbox.tsx'),
    records: [{ path: ':id', load: () => import('./grievances/grievance.tsx') }],
  },
  {
    path: 'members',
    label: 'Members',
    roles: MEMBER_SERVICES,
    load: () => import('./members/search.tsx'),
    records: [{ path: ':id', load: () => import('./members/record.tsx') }],
  },
  {
    path: 'directory-reports',
    label: 'Directory reports',
    roles: MEMBER_SERVICES,
    load: () => import('./directory/reports.tsx'),
    records: [{ path: ':id', load: () => import('./directory/report.tsx') }],
  },
  {
    path: 'messages',
    label: 'Messages',
    roles: MEMBER_SERVICES,
    load: () => import('./messages/inbox.tsx'),
    records: [{ path: ':id', load: () => import('./messages/message.tsx') }],
  },
  { path: 'staff', label: 'Staff', roles: ADMINISTRATORS, load: () => import('./staff/accounts.tsx') },
  { path: 'plans', label: 'Plans and prices', roles: ADMINISTRATORS, load: () => import('./plans/prices.tsx') },
  { path: 'audit', label: 'Audit trail', roles: ADMINISTRATORS, load: () => import('./audit/trail.tsx') },
]

/** Whether a staff member's roles open a screen. */
export const opens = (screen: Pick<Screen, 'roles'>, roles: readonly StaffRole[]) =>
  screen.roles.some((role) => roles.includes(role))
