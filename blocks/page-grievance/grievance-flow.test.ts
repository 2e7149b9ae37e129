import { describe, expect, it } from 'vitest'
import type { ChosenFile } from './attachments.ts'
import type { GrievanceFormOutput } from './form-schema.ts'
import {
  grievanceBody,
  grievanceFlow,
  startGrievance,
  type GrievanceEvent,
  type GrievanceFlow,
} from './grievance-flow.ts'

const grievance: GrievanceFormOutput = {
  name: 'Jordan Rivera',
  email: 'jordan@example.com',
  officeId: undefined,
  category: 'billing',
  description: 'The office charged the full fee instead of the member fee.',
  desiredResolution: 'Refund the difference.',
  urgent: false,
  representative: undefined,
}
const bill: ChosenFile = { name: 'bill.pdf', type: 'application/pdf', size: 2048, dataBase64: 'JVBERi0=' }
const xray: ChosenFile = { name: 'x-ray.png', type: 'image/png', size: 1024, dataBase64: 'iVBORw==' }
const receipt = {
  reference: 'GRV-2026-0A1B2C3D',
  acknowledgeDays: 5,
  resolveDays: 30,
  acknowledgeBy: '2026-11-10',
  resolveBy: '2026-12-05',
  urgent: false,
  message: 'We have your grievance.',
}
const correctFields = 'Correct the fields marked below.'

/** The state after each event in turn, from the start. */
const after = (...events: GrievanceEvent[]): GrievanceFlow => events.reduce(grievanceFlow, startGrievance)
const reviewing = after({ type: 'filesChosen', added: [bill], problems: [] }, { type: 'reviewed', grievance })

describe('the grievance form’s steps', () => {
  it('starts at the form, nothing attached, nothing said', () => {
    expect(startGrievance).toEqual({ step: 'form', files: [] })
  })

  it('goes to the review with the grievance as checked, and the last alert goes', () => {
    const failed = after({ type: 'failed', unplaced: 'Too many requests.', fileIssue: undefined, correctFields })
    expect(grievanceFlow(failed, { type: 'reviewed', grievance })).toEqual({
      step: 'review',
      files: [],
      reviewed: grievance,
      problem: undefined,
    })
  })

  it('goes back from the review to the form keeping the grievance and its files', () => {
    const editing = grievanceFlow(reviewing, { type: 'edit' })
    expect(editing.step).toBe('form')
    expect(editing.reviewed).toBe(grievance)
    expect(editing.files).toEqual([bill])
  })

  it('clears the alert when the grievance is sent again', () => {
    const failed = grievanceFlow(reviewing, {
      type: 'failed',
      unplaced: 'Offline',
      fileIssue: undefined,
      correctFields,
    })
    expect(grievanceFlow(failed, { type: 'sending' }).problem).toBeUndefined()
  })

  it.each([
    {
      refused: 'a message no field took',
      unplaced: 'Too many grievances from this address. Try again later.',
      fileIssue: undefined,
      problem: 'Too many grievances from this address. Try again later.',
      fileError: undefined,
    },
    {
      refused: 'problems each at its field',
      unplaced: undefined,
      fileIssue: undefined,
      problem: correctFields,
      fileError: undefined,
    },
    {
      refused: 'problems at fields and at the attachments',
      unplaced: undefined,
      fileIssue: 'Each file must be 2 MB or smaller and not empty',
      problem: undefined,
      fileError: 'Each file must be 2 MB or smaller and not empty',
    },
  ])(
    'refused with $refused: back at the form, said where it belongs',
    ({ unplaced, fileIssue, problem, fileError }) => {
      const failed = grievanceFlow(reviewing, { type: 'failed', unplaced, fileIssue, correctFields })
      expect(failed).toEqual({ step: 'form', reviewed: grievance, files: [bill], problem, fileError })
    },
  )

  it('keeps a file problem already shown when the server says nothing of the files', () => {
    const refused = after(
      { type: 'filesChosen', added: [], problems: ['notes.docx is not a PDF, JPEG or PNG file.'] },
      { type: 'reviewed', grievance },
      { type: 'failed', unplaced: undefined, fileIssue: undefined, correctFields },
    )
    expect(refused.fileError).toBe('notes.docx is not a PDF, JPEG or PNG file.')
  })

  it('ends at the acknowledgement, which nothing leaves', () => {
    const done = grievanceFlow(reviewing, { type: 'sent', receipt })
    expect(done).toMatchObject({ step: 'done', receipt })
    for (const event of [
      { type: 'edit' },
      { type: 'reviewed', grievance },
      { type: 'failed', unplaced: 'Late', fileIssue: undefined, correctFields },
    ] satisfies GrievanceEvent[])
      expect(grievanceFlow(done, event)).toBe(done)
  })
})

describe('the grievance’s attachments', () => {
  it('adds the files read to those chosen before, and says why others were refused', () => {
    const first = after({ type: 'filesChosen', added: [bill], problems: [] })
    const second = grievanceFlow(first, {
      type: 'filesChosen',
      added: [xray],
      problems: ['notes.docx is not a PDF, JPEG or PNG file.', 'empty.png is empty.'],
    })
    expect(second.files).toEqual([bill, xray])
    expect(second.fileError).toBe('notes.docx is not a PDF, JPEG or PNG file. empty.png is empty.')
    expect(grievanceFlow(second, { type: 'filesChosen', added: [], problems: [] }).fileError).toBeUndefined()
  })

  it('removes the one asked for', () => {
    const both = after({ type: 'filesChosen', added: [bill, xray], problems: [] })
    expect(grievanceFlow(both, { type: 'fileRemoved', index: 0 }).files).toEqual([xray])
  })

  it('sends the files without their sizes, beside the grievance reviewed', () => {
    expect(grievanceBody(grievance, [bill])).toEqual({
      ...grievance,
      attachments: [{ name: 'bill.pdf', type: 'application/pdf', dataBase64: 'JVBERi0=' }],
    })
  })
})
