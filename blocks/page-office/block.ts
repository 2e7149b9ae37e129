import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-office.tsx'

export const pageOfficePropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** The route checked it is a positive whole number; the loader checked the office exists. */
  officeId: z.coerce.number().check(z.int(), z.positive()),
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
})
export type PageOfficeProps = z.output<typeof pageOfficePropsSchema>

/** An office: its details, hours, directions, dentists and plans, with a join button per plan. */
export const pageOffice = defineBlock({
  name: 'page-office',
  title: 'Office',
  description: 'One participating office: address with directions, hours, accessibility, its dentists and its plans with prices and a join button.',
  schema: pageOfficePropsSchema,
  settings: () => import('./settings.ts').then((module) => module.officeSettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, officeId: context.params.officeId, administrator: context.config.companyName }),
  load: () => component,
})
