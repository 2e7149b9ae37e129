import type { AppFeature } from '../app-feature.ts'
import { cmsRoutes, draftBodyLimit } from './cms-routes.ts'

/** The site's content: published versions, drafts, previews. */
export const contentFeature: AppFeature = {
  name: 'content',
  routes: cmsRoutes,
  bodyLimits: [draftBodyLimit],
}
