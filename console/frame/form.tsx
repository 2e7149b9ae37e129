import type { ComponentProps } from 'react'
import { ApiRequestError } from '#engine'
import { CONTROL, FormAlert, type Field } from '#blocks/kit/forms/field.tsx'

/** The message a failed call shows: the server's words for an API error, a plain one otherwise. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback

/** What the server said about one field of the body (`['body', name]`), if anything. */
export const fieldIssue = (error: unknown, name: string) =>
  error instanceof ApiRequestError
    ? error.issues.find((issue) => issue.path[0] === 'body' && issue.path[1] === name)?.message
    : undefined

/** What the kit's `Field` hands its control. */
type FieldIds = Parameters<ComponentProps<typeof Field>['children']>[0]

/**
 * The attributes of a control inside the kit's `Field`: its id, the hint and error that describe
 * it, whether it is invalid, and the kit's look (with the control's own classes after it).
 */
export const control = ({ id, describedBy, invalid }: FieldIds, className?: string) => ({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  className: className ? `${CONTROL} ${className}` : CONTROL,
})

/**
 * A form's outcome: the kit's alert when it failed, a status line when it worked. The status line
 * is always there (empty and hidden until then), so a screen reader hears it when it is filled.
 */
export function Outcome({ error, done }: { error?: string | undefined; done?: string | undefined }) {
  return (
    <>
      {error && <FormAlert>{error}</FormAlert>}
      <p
        role="status"
        className={done ? 'rounded border border-green-300 bg-green-50 p-2 text-sm text-green-900' : 'sr-only'}
      >
        {done ?? ''}
      </p>
    </>
  )
}
