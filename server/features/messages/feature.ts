import type { AppFeature } from '../app-feature.ts'
import { staffMessageRoutes } from './staff-message-routes.ts'

/** Contact messages as staff read and answer them. */
export const messagesFeature: AppFeature = {
  name: 'messages',
  routes: staffMessageRoutes,
}
