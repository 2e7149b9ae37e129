/** The monitoring feature's door: what the app's frame uses of it (a lint zone refuses any other way in). */
export { createSandboxCollector } from './monitoring.ts'
export type { RumCollector } from './monitoring.ts'
export { createCspReports } from './csp-reports.ts'
export type { CspReports } from './csp-reports.ts'
