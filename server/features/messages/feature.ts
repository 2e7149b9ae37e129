import type { AppFeature } from '../app-feature.ts'
import { contactRoutes } from './contact-routes.ts'
import { staffMessageRoutes } from './staff-message-routes.ts'

/** Contact messages: the contact form, and staff reading and answering them. */
export const messagesFeature: AppFeature = {
  name: 'messages',
  routes: [...contactRoutes, ...staffMessageRoutes],
}
