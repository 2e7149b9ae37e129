/** A labelled choice of the playground's toolbars: a `select` inside its visible label. */
export function Choice({
  label,
  value,
  options,
  onChange,
  stacked = false,
}: {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  /** The label above the choice (a form's toolbar), else beside it (the preview's). */
  stacked?: boolean
}) {
  return (
    <label className={stacked ? 'flex flex-col text-sm font-medium' : 'flex items-center gap-1'}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`rounded border ${stacked ? 'border-slate-400 px-2 py-1 font-normal' : 'border-slate-300 px-1 py-0.5'}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A language as a choice names it: `Español (es)`. */
export const languageOption = (language: { code: string; name: string }) => ({
  value: language.code,
  label: `${language.name} (${language.code})`,
})
