import { z } from '#schemas/engine/zod.ts'
import { dentistSearchSchema } from '#schemas/search.ts'
import { checkSearch } from '../kit/catalog/search-check.ts'
import { findDentistSettingsSchema } from './settings.ts'

export const pageFindDentistPropsSchema = z.pipe(
  z.object({
    /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
    settings: findDentistSettingsSchema,
    /** The search in the address (text). */
    search: dentistSearchSchema,
    administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  }),
  // The search checked with the API's schema where the props are checked (the server, for the first render).
  z.transform((props) => ({ ...props, checked: checkSearch(props.search) })),
)
export type PageFindDentistProps = z.output<typeof pageFindDentistPropsSchema>
