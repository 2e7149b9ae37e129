/**
 * The site's API contracts as the browser's pages refer to them: each one's method and path (from
 * routes.generated.ts, written from the contracts by `npm run schemas:generate`), its schemas loaded
 * with its first call. A page's start therefore carries no contract schema and no zod
 * (docs/adr/0009); the server and the tools import the contracts themselves.
 */
import type { authApi as AuthApi } from './auth.ts'
import type { catalogApi as CatalogApi } from './catalog.ts'
import type { checkoutApi as CheckoutApi } from './checkout.ts'
import type { contentApi as ContentApi } from './cms-content.ts'
import type { cmsApi as CmsApi } from './cms.ts'
import type { memberApi as MemberApi } from './member.ts'
import type { monitoringApi as MonitoringApi } from './monitoring.ts'
import type { sessionApi as SessionApi } from './session.ts'
import type { supportApi as SupportApi } from './support.ts'
import { lazyContracts } from '../contract.ts'
import { API_ROUTES } from './routes.generated.ts'

export const authApi = lazyContracts<typeof AuthApi>(API_ROUTES.authApi, () => import('./auth.ts').then((module) => module.authApi))
export const catalogApi = lazyContracts<typeof CatalogApi>(API_ROUTES.catalogApi, () => import('./catalog.ts').then((module) => module.catalogApi))
export const checkoutApi = lazyContracts<typeof CheckoutApi>(API_ROUTES.checkoutApi, () => import('./checkout.ts').then((module) => module.checkoutApi))
export const contentApi = lazyContracts<typeof ContentApi>(API_ROUTES.contentApi, () => import('./cms-content.ts').then((module) => module.contentApi))
export const cmsApi = lazyContracts<typeof CmsApi>(API_ROUTES.cmsApi, () => import('./cms.ts').then((module) => module.cmsApi))
export const memberApi = lazyContracts<typeof MemberApi>(API_ROUTES.memberApi, () => import('./member.ts').then((module) => module.memberApi))
export const monitoringApi = lazyContracts<typeof MonitoringApi>(API_ROUTES.monitoringApi, () => import('./monitoring.ts').then((module) => module.monitoringApi))
export const sessionApi = lazyContracts<typeof SessionApi>(API_ROUTES.sessionApi, () => import('./session.ts').then((module) => module.sessionApi))
export const supportApi = lazyContracts<typeof SupportApi>(API_ROUTES.supportApi, () => import('./support.ts').then((module) => module.supportApi))
