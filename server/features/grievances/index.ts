/** The grievances feature's door: what other features use of it (a lint zone refuses any other way in). */
export { grievances } from './grievances.ts'
