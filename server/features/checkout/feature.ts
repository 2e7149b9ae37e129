import type { AppFeature } from '../app-feature.ts'
import { checkoutRoutes } from './checkout-routes.ts'

/** Joining: the checkout's steps and its payment. */
export const checkoutFeature: AppFeature = {
  name: 'checkout',
  routes: checkoutRoutes,
}
