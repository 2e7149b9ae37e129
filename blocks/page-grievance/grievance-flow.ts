// The grievance form's steps as a small state machine: the form, its review, the acknowledgement.
// Pure (no React, no zod), so each move is tested on its own; use-grievance-form.ts drives it.
import type { GrievanceReceipt, GrievanceRequest } from '#schemas/api/grievances.ts'
import type { ChosenFile } from './attachments.ts'
import type { GrievanceFormOutput } from './form-schema.ts'

export type GrievanceStep = 'form' | 'review' | 'done'

export interface GrievanceFlow {
  step: GrievanceStep
  /** The grievance as checked: shown for review and sent (kept while the member edits it again). */
  reviewed?: GrievanceFormOutput | undefined
  /** The attachments, read for sending (a file input cannot keep them itself). */
  files: readonly ChosenFile[]
  /** Why a chosen file was refused, by the browser or by the server, at the file field. */
  fileError?: string | undefined
  /** The form's alert: what no field took. */
  problem?: string | undefined
  /** The acknowledgement, once the grievance is filed: the last step. */
  receipt?: GrievanceReceipt | undefined
}

export type GrievanceEvent =
  /** The form passed its checks: to the review, with what was checked. */
  | { type: 'reviewed'; grievance: GrievanceFormOutput }
  /** Back from the review to the form, everything kept. */
  | { type: 'edit' }
  /** Submitted: the last alert goes. */
  | { type: 'sending' }
  /**
   * The server refused it: back to the form. `unplaced` is the message no field took,
   * `fileIssue` the server's word on the attachments, `correctFields` the alert when each
   * problem is at its field.
   */
  | { type: 'failed'; unplaced: string | undefined; fileIssue: string | undefined; correctFields: string }
  | { type: 'sent'; receipt: GrievanceReceipt }
  /** Files read (`added`) and refused (`problems`, one sentence each) from one choice. */
  | { type: 'filesChosen'; added: readonly ChosenFile[]; problems: readonly string[] }
  | { type: 'fileRemoved'; index: number }

export const startGrievance: GrievanceFlow = { step: 'form', files: [] }

/** The next state of the grievance form. Once filed, nothing moves it. */
export function grievanceFlow(flow: GrievanceFlow, event: GrievanceEvent): GrievanceFlow {
  if (flow.step === 'done') return flow
  switch (event.type) {
    case 'reviewed':
      return { ...flow, step: 'review', reviewed: event.grievance, problem: undefined }
    case 'edit':
      return { ...flow, step: 'form' }
    case 'sending':
      return { ...flow, problem: undefined }
    case 'failed':
      return {
        ...flow,
        step: 'form',
        fileError: event.fileIssue ?? flow.fileError,
        // A problem at each field says so in the alert, unless the attachments' own message stands alone.
        problem: event.unplaced ?? (event.fileIssue ? undefined : event.correctFields),
      }
    case 'sent':
      return { ...flow, step: 'done', receipt: event.receipt, problem: undefined }
    case 'filesChosen':
      return {
        ...flow,
        files: [...flow.files, ...event.added],
        fileError: event.problems.join(' ') || undefined,
      }
    case 'fileRemoved':
      return { ...flow, files: flow.files.filter((_file, index) => index !== event.index) }
  }
}

/** What is sent: the reviewed grievance with its attachments (their sizes were for the review only). */
export function grievanceBody(reviewed: GrievanceFormOutput, files: readonly ChosenFile[]): GrievanceRequest {
  return { ...reviewed, attachments: files.map(({ name, type, dataBase64 }) => ({ name, type, dataBase64 })) }
}
