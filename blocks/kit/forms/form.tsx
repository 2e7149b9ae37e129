/**
 * The member and checkout forms: react-hook-form with its zod resolver, over the same zod schema
 * the server's endpoint parses with (a content page's short form is a light form instead,
 * light-form.ts, without the library: docs/adr/0016). Errors show at each field (linked by
 * aria-describedby), the first one takes the focus, and a server error never clears what was
 * typed. Imported only by block chunks, so form code stays out of the entry chunk.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form'
import type { z } from '#schemas/engine/zod.ts'
import { useLoadWhenIdle } from '#engine'
import { CONTROL, Field } from './field.tsx'
import { serverProblems } from './server-problems.ts'

export { CONTROL, Field, FormAlert } from './field.tsx'

/**
 * A form's zod schema, or a loader of its module (declared once, outside the component): the
 * schema, and zod with it, load with the form's first check instead of with the page.
 */
export type FormSchema<Schema> = Schema | (() => Promise<Schema>)

/** The resolver of a form schema; a loaded one loads on the first check and is kept. */
function formResolver<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  source: FormSchema<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  if (typeof source !== 'function') return zodResolver(source as never)
  let loaded: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined
  return async (values, context, options) =>
    (await (loaded ??= source().then((schema) => zodResolver(schema as never))))(values, context, options)
}

/**
 * A form over a zod schema: validated on submit, then as each field is corrected. A loaded schema
 * is fetched once the page is idle (unless the connection saves data), so the first check seldom
 * waits for it.
 */
export function useZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: FormSchema<Schema>,
  defaultValues?: z.input<Schema>,
  options: { shouldFocusError?: boolean } = {},
) {
  const resolver = useMemo(() => formResolver(schema), [schema])
  useLoadWhenIdle(typeof schema === 'function' ? schema : undefined)
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: options.shouldFocusError ?? true,
    ...(defaultValues ? { defaultValues: defaultValues as never } : {}),
  })
}

/**
 * Focuses a form's first invalid control in reading order: for forms with nested fields, whose
 * order in the form library is not the page's (pass `shouldFocusError: false` to useZodForm and
 * call this from handleSubmit's invalid callback with its errors).
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const names = new Set<string>()
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return
    if ('message' in node && typeof node.message === 'string') names.add(path)
    for (const [key, child] of Object.entries(node))
      if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, path ? `${path}.${key}` : key)
  }
  walk(errors, '')
  const first = Array.from(form?.elements ?? []).find((element) => names.has(element.getAttribute('name') ?? ''))
  if (first instanceof HTMLElement) first.focus()
}

/**
 * Puts a server error where it belongs: each issue at its field (the path after `body`), the
 * first field focused. Returns the message for the form's alert when no field took it.
 * Nothing typed is reset.
 */
export function showServerError<Values extends FieldValues, Out>(
  form: UseFormReturn<Values, unknown, Out>,
  error: unknown,
  fields: readonly string[],
): string | undefined {
  const { placed, message } = serverProblems(error, fields)
  placed.forEach(([path, text], index) =>
    form.setError(path as Path<Values>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
  )
  return message
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'form'>

/** A text-like input bound to a form field. */
export function TextField<Values extends FieldValues, Out>({
  form,
  name,
  label,
  hint,
  ...input
}: { form: UseFormReturn<Values, unknown, Out>; name: Path<Values>; label: string; hint?: ReactNode } & InputProps) {
  const error = errorAt(form, name)
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={CONTROL}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...input}
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

/** A multi-line text bound to a form field. */
export function TextAreaField<Values extends FieldValues, Out>({
  form,
  name,
  label,
  hint,
  rows = 4,
}: {
  form: UseFormReturn<Values, unknown, Out>
  name: Path<Values>
  label: string
  hint?: ReactNode
  rows?: number
}) {
  return (
    <Field label={label} error={errorAt(form, name)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          className={CONTROL}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

/** A select bound to a form field. */
export function SelectField<Values extends FieldValues, Out>({
  form,
  name,
  label,
  options,
  hint,
  ...select
}: {
  form: UseFormReturn<Values, unknown, Out>
  name: Path<Values>
  label: string
  options: readonly { value: string; label: string }[]
  hint?: ReactNode
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'form'>) {
  const error = errorAt(form, name)
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={CONTROL}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...select}
          {...form.register(name)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The message of a field's error, however deep the field. */
function errorAt<Values extends FieldValues, Out>(
  form: UseFormReturn<Values, unknown, Out>,
  name: Path<Values>,
): string | undefined {
  const error = form.getFieldState(name, form.formState).error
  return typeof error?.message === 'string' ? error.message : undefined
}
