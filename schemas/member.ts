import type { AuthSession } from './runtime.ts'

/**
 * Whether a session is a member's: member pages and a member's own data need one. A content
 * manager is signed in too, and browses the site as a visitor does. (No zod here: pages import it.)
 */
export const isMember = (session: AuthSession): session is AuthSession & { isAuthenticated: true; role: 'member' } =>
  session.isAuthenticated && session.role === 'member'
