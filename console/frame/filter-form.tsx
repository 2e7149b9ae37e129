import type { ReactNode } from 'react'
import { CONTROL } from '#blocks/kit/forms/field.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'

/** A list's filters: a form named "Filters" that filters as each control changes (nothing to submit). */
export function FilterForm({ children }: { children: ReactNode }) {
  return (
    <Card
      as="form"
      padding="md"
      className="flex flex-wrap items-end gap-4"
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </Card>
  )
}

/** A labelled choice of one value, or every one (`undefined`). */
export function SelectFilter<Value extends string>({
  label,
  every,
  value,
  options,
  labels,
  onChange,
}: {
  label: string
  every: string
  value: Value | undefined
  options: readonly Value[]
  labels: Record<Value, string>
  onChange: (value: string | undefined) => void
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select className={CONTROL} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{every}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A labelled checkbox that keeps only some rows (`'true'` when checked). */
export function CheckFilter({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (value: 'true' | undefined) => void
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="h-4 w-4"
        checked={checked}
        onChange={(event) => onChange(event.target.checked ? 'true' : undefined)}
      />
      {label}
    </label>
  )
}
