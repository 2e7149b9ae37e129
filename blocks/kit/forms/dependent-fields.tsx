import type { UseFormReturn } from 'react-hook-form'
import type { z } from '#schemas/engine/zod.ts'
import type { Dependent } from '#schemas/api/members.ts'
import type { dependentFormSchema } from './dependent-form.ts'
import { SelectField, TextField } from './form.tsx'
import { RELATIONSHIPS } from '../format/relationships.ts'
import type { DependentFieldTexts } from '../settings.ts'
import { fillText } from '#schemas/fill-text.ts'

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

/** A dependent's fields: names, date of birth, relationship, and their plan (the member's, or their own). */
export function DependentFields({
  form,
  plans,
  ownPlan,
  texts,
}: {
  form: DependentForm
  plans: readonly { value: string; label: string }[]
  ownPlan: string
  /** From the settings of the page (dependentFieldSettings). */
  texts: DependentFieldTexts
}) {
  return (
    <>
      <TextField form={form} name="firstName" label={texts.first_name_label} autoComplete="off" />
      <TextField form={form} name="lastName" label={texts.last_name_label} autoComplete="off" />
      <TextField form={form} name="dateOfBirth" label={texts.birth_date_label} type="date" />
      <SelectField
        form={form}
        name="relationship"
        label={texts.relationship_label}
        options={RELATIONSHIPS.map((value) => ({ value, label: texts[`relationship_${value}`] }))}
      />
      <SelectField
        form={form}
        name="planId"
        label={texts.plan_label}
        options={[{ value: '', label: fillText(texts.same_plan_option, { plan: ownPlan }) }, ...plans]}
      />
    </>
  )
}
