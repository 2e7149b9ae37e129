/**
 * A short form without a form library (the contact form, the dashboard's details): the browser's
 * own fields, read with FormData (a dotted name, `address.city`, nests), checked on submit with
 * the form's zod schema (loaded once the page is idle, or with the first check) and again as each
 * field is corrected. What is typed before the page hydrates is in the fields, so it is sent too.
 * The longer member forms (the checkout's steps, the dialogs) use form.tsx (react-hook-form),
 * which the budget of a page's start cannot carry (docs/adr/0016).
 */
import { useState, type SyntheticEvent } from 'react'
import { useLoadWhenIdle } from '#engine'
import type { z } from '#schemas/engine/zod.ts'
import { serverProblems, type Problems } from './server-problems.ts'

/** The form's fields as its schema reads them: `address.city` is `{ address: { city } }`. */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, value] of new FormData(form)) {
    const keys = name.split('.')
    // The names are the page's own; one that could reach a prototype is left out.
    if (keys.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype')) continue
    let into = values
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as Record<string, unknown>
    into[keys.at(-1)!] = value
  }
  return values
}

/** Focuses the form's first control, in reading order, that has a problem. */
function focusFirst(form: HTMLFormElement, problems: Problems) {
  const first = Array.from(form.elements).find((element) => problems[element.getAttribute('name') ?? ''])
  if (first instanceof HTMLElement) first.focus()
}

/**
 * The state of a light form over `load`'s schema: `problems` by field, `onSubmit` (which checks
 * the fields and calls `send` with the schema's output and the form, or marks the problems and focuses the
 * first), `onChange` (after a submit, the check runs again as fields are corrected) and
 * `showServerError` (a server's issues at their fields; returns the alert's message).
 */
export function useLightForm<Schema extends z.ZodMiniType>(load: () => Promise<Schema>, fields: readonly string[]) {
  useLoadWhenIdle(load)
  const [problems, setProblems] = useState<Problems>({})
  const [submitted, setSubmitted] = useState(false)
  const check = async (form: HTMLFormElement) => {
    const parsed = (await load()).safeParse(formValues(form))
    if (parsed.success) {
      setProblems({})
      return { ok: true as const, values: parsed.data }
    }
    const found: Problems = {}
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.')
      if (fields.some((field) => path === field || path.startsWith(`${field}.`))) found[path] ??= issue.message
    }
    setProblems(found)
    return { ok: false as const, problems: found }
  }
  return {
    problems,
    onSubmit:
      (send: (values: z.output<Schema>, form: HTMLFormElement) => Promise<void> | void) =>
      async (event: SyntheticEvent<HTMLFormElement>) => {
        event.preventDefault()
        const form = event.currentTarget
        setSubmitted(true)
        const checked = await check(form)
        if (checked.ok) await send(checked.values, form)
        else focusFirst(form, checked.problems)
      },
    onChange: (event: SyntheticEvent<HTMLFormElement>) => {
      if (submitted) void check(event.currentTarget)
    },
    showServerError: (form: HTMLFormElement, error: unknown): string | undefined => {
      const { placed, message } = serverProblems(error, fields)
      const found: Problems = Object.fromEntries(placed)
      setProblems(found)
      focusFirst(form, found)
      return message
    },
  }
}
