import { useEffect, useReducer, useRef, type ChangeEvent } from 'react'
import { flushSync } from 'react-dom'
import { ApiRequestError } from '#engine'
import { useApiMutation } from '#engine/mutation'
import { grievancesApi } from '#schemas/api/grievances.routes.ts'
import { focusFirstInvalid, showServerError, useZodForm } from '../kit/forms/form.tsx'
import { useKeptOnIdle } from '../kit/forms/keep-on-idle.ts'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import { fileProblem, readFile, type ChosenFile } from './attachments.ts'
import { emptyGrievance, GRIEVANCE_FIELDS } from './form-values.ts'
import { grievanceBody, grievanceFlow, startGrievance } from './grievance-flow.ts'

/** The form's schema, and zod with it, load with its first check, not with the page. */
const grievanceForm = () => import('./form-schema.ts').then((module) => module.grievanceFormSchema)

/**
 * The grievance form's state: the fields (react-hook-form over the form's schema), the steps
 * (grievance-flow.ts), the attachments, the submission and where its problems show. Each new step
 * takes the focus to its heading (`stepHeading`), not on the first render.
 */
export function useGrievanceForm({
  email,
  correctFields,
}: {
  /** A signed-in member's email: the form starts with it, and keeps what was typed over an idle sign-out. */
  email: string | undefined
  /** The alert when each problem the server found is at its field. */
  correctFields: string
}) {
  const form = useZodForm(grievanceForm, emptyGrievance(email), { shouldFocusError: false })
  // An idle sign-out does not lose what was typed (the attached files are chosen again).
  useKeptOnIdle(form, 'grievance', email !== undefined)
  const [flow, dispatch] = useReducer(grievanceFlow, startGrievance)
  const submission = useApiMutation(grievancesApi.grievance, {
    headers: useBotCheck('grievance'),
    onSuccess: (receipt) => dispatch({ type: 'sent', receipt }),
    onError: (error) => {
      // Back to the form, shown, so each problem is at its field and the first one takes the focus.
      flushSync(() => dispatch({ type: 'edit' }))
      const fileIssue =
        error instanceof ApiRequestError ? error.issues.find((issue) => issue.path[1] === 'attachments') : undefined
      dispatch({
        type: 'failed',
        unplaced: showServerError(form, error, GRIEVANCE_FIELDS),
        fileIssue: fileIssue?.message,
        correctFields,
      })
    },
  })
  const sending = submission.isPending

  const stepHeading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus()
    moved.current = true
  }, [flow.step])

  const review = form.handleSubmit(
    (grievance) => dispatch({ type: 'reviewed', grievance }),
    // The representative's fields are nested: the first problem in reading order takes the focus.
    (errors, event) => focusFirstInvalid(event?.target instanceof HTMLFormElement ? event.target : null, errors),
  )
  const send = () => {
    if (!flow.reviewed || sending) return
    dispatch({ type: 'sending' })
    submission.mutate({ body: grievanceBody(flow.reviewed, flow.files) })
  }
  /** Reads the files chosen, refusing (with a sentence each) those of another type, too big, or one too many. */
  const attach = async (chosen: readonly File[]) => {
    const problems: string[] = []
    const added: ChosenFile[] = []
    for (const file of chosen) {
      const wrong = fileProblem(file, flow.files.length + added.length)
      if (wrong) problems.push(wrong)
      else added.push(await readFile(file))
    }
    dispatch({ type: 'filesChosen', added, problems })
  }
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const chosen = Array.from(input.files ?? [])
    // Emptied, so choosing the same file again (after removing it) is a change.
    input.value = ''
    return attach(chosen)
  }

  return {
    form,
    ...flow,
    sending,
    stepHeading,
    /** The form's submit: checks it, then shows the review (or focuses the first problem). */
    review,
    /** Files the grievance (from the review). */
    send,
    /** Back to the form from the review. */
    edit: () => dispatch({ type: 'edit' }),
    attach,
    choose,
    remove: (index: number) => dispatch({ type: 'fileRemoved', index }),
  }
}

export type GrievanceFormState = ReturnType<typeof useGrievanceForm>
