import { z } from '#schemas/engine/zod.ts'
import { contentPageSettingsSchema } from './settings.ts'

export const pageContentPropsSchema = z.object({
  /** The page's content (`pages.{page}`), checked by its settings schema. */
  settings: contentPageSettingsSchema,
  pageTitle: z.string().check(z.describe('The page’s title from the manifest')),
})
export type PageContentProps = z.output<typeof pageContentPropsSchema>
