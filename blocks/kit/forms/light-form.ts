/**
 * A short public form without a form library (the contact form): the browser's own fields, read
 * with FormData, checked on submit with the form's zod schema (loaded once the page is idle, or
 * with the first check) and again as each field is corrected. The member forms use form.tsx
 * (react-hook-form), which a content page's budget cannot carry (docs/adr/0016).
 */
import { useState, type SyntheticEvent } from 'react'
import { ApiRequestError, useLoadWhenIdle } from '#engine'
import type { z } from '#schemas/engine/zod.ts'

/** What is wrong, by field (the path of the field, dotted). */
export type Problems = Partial<Record<string, string>>

/**
 * A server error's issues at the listed fields (the path after `body`), in order, and the message
 * for the form's alert when no field took one. The throttling answer says how long to wait.
 */
export function serverProblems(
  error: unknown,
  fields: readonly string[],
): { placed: [path: string, message: string][]; message: string | undefined } {
  if (!(error instanceof ApiRequestError))
    return { placed: [], message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' }
  const placed: [string, string][] = []
  for (const issue of error.issues) {
    const path = (issue.path[0] === 'body' ? issue.path.slice(1) : issue.path).join('.')
    if (fields.some((field) => path === field || path.startsWith(`${field}.`))) placed.push([path, issue.message])
  }
  return { placed, message: placed.length ? undefined : error.status === 429 ? waitMessage(error) : error.message }
}

/** The throttling answer as a sentence with the wait, from the server's Retry-After. */
function waitMessage(error: ApiRequestError): string {
  const seconds = error.retryAfterSeconds
  if (!seconds) return error.message
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return `${error.message.replace(/ Try again later\.?$/, '')} Try again in ${wait}.`
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
    const parsed = (await load()).safeParse(Object.fromEntries(new FormData(form)))
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
