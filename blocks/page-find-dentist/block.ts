import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { dentistSearchSchema } from '#schemas/search.ts'
import * as component from './page-find-dentist.tsx'

export const pageFindDentistPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** The search in the address (text; the page checks it with the API's schema). */
  search: dentistSearchSchema,
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
})
export type PageFindDentistProps = z.output<typeof pageFindDentistPropsSchema>

/** Find a dentist: search participating offices by ZIP and distance, name, specialty, language and new patients. */
export const pageFindDentist = defineBlock({
  name: 'page-find-dentist',
  title: 'Find a dentist',
  description: 'A search of participating offices (the query in the address), results by distance with their dentists, hours and plans.',
  schema: pageFindDentistPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.findDentistSettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, search: context.query, administrator: context.config.companyName }),
  load: () => component,
})
