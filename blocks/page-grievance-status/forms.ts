import { grievanceLookupSchema } from '#schemas/api/grievances.ts'

/** The lookup form: the endpoint's own schema. */
export const lookupFormSchema = grievanceLookupSchema
