import type { UseFormReturn } from 'react-hook-form'
import type { z } from '#schemas/engine/zod.ts'
import type { Dependent } from '#schemas/api/members.ts'
import type { dependentFormSchema } from './dependent-form.ts'
import { SelectField, TextField } from './form.tsx'
import { RELATIONSHIPS } from '../format/relationships.ts'

/** A dependent's form schema (dependent-form.ts): it, and zod with it, load with the form's first check, not with the page. */
export const dependentForm = () => import('./dependent-form.ts').then((module) => module.dependentFormSchema)
export const DEPENDENT_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'relationship', 'planId'] as const
type DependentForm = UseFormReturn<z.input<typeof dependentFormSchema>, unknown, z.output<typeof dependentFormSchema>>

/** The form's values for a dependent (empty for a new one, a child on the member's plan). */
export const dependentFormValues = (
  dependent?: Pick<Dependent, 'firstName' | 'lastName' | 'dateOfBirth' | 'relationship' | 'planId'>,
): z.input<typeof dependentFormSchema> => ({
  firstName: dependent?.firstName ?? '',
  lastName: dependent?.lastName ?? '',
  dateOfBirth: dependent?.dateOfBirth ?? '',
  relationship: dependent?.relationship ?? 'child',
  planId: dependent?.planId ? String(dependent.planId) : '',
})

/** The fields' labels (a page may take them from its content). */
export const DEPENDENT_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  relationship: 'Relationship',
  plan: 'Plan',
  samePlan: 'Same as yours: {plan}',
}

/** A dependent's fields: names, date of birth, relationship, and their plan (the member's, or their own). */
export function DependentFields({
  form,
  plans,
  ownPlan,
  labels = DEPENDENT_LABELS,
}: {
  form: DependentForm
  plans: readonly { value: string; label: string }[]
  ownPlan: string
  labels?: typeof DEPENDENT_LABELS
}) {
  return (
    <>
      <TextField form={form} name="firstName" label={labels.firstName} autoComplete="off" />
      <TextField form={form} name="lastName" label={labels.lastName} autoComplete="off" />
      <TextField form={form} name="dateOfBirth" label={labels.dateOfBirth} type="date" />
      <SelectField
        form={form}
        name="relationship"
        label={labels.relationship}
        options={Object.entries(RELATIONSHIPS).map(([value, label]) => ({ value, label }))}
      />
      <SelectField
        form={form}
        name="planId"
        label={labels.plan}
        options={[{ value: '', label: labels.samePlan.replace('{plan}', ownPlan) }, ...plans]}
      />
    </>
  )
}
