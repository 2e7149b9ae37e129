import { z } from '#schemas/engine/zod.ts'
import { dateSchema, phoneSchema } from '#schemas/api/common.ts'
import { grievanceRepresentativeSchema, grievanceRequestSchema } from '#schemas/api/grievances.ts'

/** An optional text field: empty means not given; anything else is checked by `schema`. */
const optional = <T extends z.ZodMiniType<unknown, string>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim() || undefined),
    ),
    z.optional(schema),
  )

const today = () => new Date().toISOString().slice(0, 10)

/**
 * The grievance form: the endpoint's schema with the browser's shapes (empty fields, the office
 * from a select, the representative behind a checkbox). The attachments are kept beside the form.
 */
export const grievanceFormSchema = z.pipe(
  z
    .extend(z.omit(grievanceRequestSchema, { attachments: true, representative: true }), {
      phone: optional(phoneSchema),
      memberNumber: optional(grievanceRequestSchema.shape.memberNumber.def.innerType),
      patientName: optional(grievanceRequestSchema.shape.patientName.def.innerType),
      officeId: z.pipe(
        z.string(),
        z.transform((value) => (value ? Number(value) : undefined)),
      ),
      dateOfService: optional(
        dateSchema.check(z.refine((value) => value <= today(), 'The date of service cannot be in the future')),
      ),
      urgent: z.boolean(),
      hasRepresentative: z.boolean(),
      representative: z.object({
        name: z.string(),
        relationship: z.string(),
        phone: z.string(),
        authorized: z.boolean(),
      }),
    })
    .check(
      z.superRefine((value, context) => {
        if (!value.hasRepresentative) return
        const checked = grievanceRepresentativeSchema.safeParse({
          ...value.representative,
          phone: value.representative.phone.trim() || undefined,
          authorized: value.representative.authorized || undefined,
        })
        if (checked.success) return
        for (const issue of checked.error.issues)
          context.addIssue({ code: 'custom', path: ['representative', ...issue.path], message: issue.message })
      }),
    ),
  z.transform(({ hasRepresentative, representative, ...grievance }) => ({
    ...grievance,
    representative: hasRepresentative
      ? grievanceRepresentativeSchema.parse({ ...representative, phone: representative.phone.trim() || undefined })
      : undefined,
  })),
)
export type GrievanceFormInput = z.input<typeof grievanceFormSchema>
export type GrievanceFormOutput = z.output<typeof grievanceFormSchema>
