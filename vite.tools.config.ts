import { configFor } from './vite.config.ts'

/** The content managers' tools (playground and preview frame), built after the site: see vite.config.ts. */
export default configFor('tools')
