import { grievanceLookupSchema } from '#schemas/api/support.ts'

/** The lookup form: the endpoint's own schema. */
export const lookupFormSchema = grievanceLookupSchema
