/** The content feature's door: what other features use of it (a lint zone refuses any other way in). */
export type { DbContentService } from './db-content-service.ts'
