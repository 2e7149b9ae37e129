import { z } from '#schemas/engine/zod.ts'
import { dentistSearchSchema } from '#schemas/search.ts'
import { checkSearch } from '../kit/catalog/search-check.ts'
import { directorySettingsSchema } from './settings.ts'

export const pageDirectoryPropsSchema = z.pipe(
  z.object({
    /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
    settings: directorySettingsSchema,
    /** The filters in the address (text). */
    search: dentistSearchSchema,
  }),
  // The filters checked with the API's schema where the props are checked (the server, for the first render).
  z.transform((props) => ({ ...props, checked: checkSearch(props.search) })),
)
export type PageDirectoryProps = z.output<typeof pageDirectoryPropsSchema>
