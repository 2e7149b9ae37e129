import { describe, expect, it } from 'vitest'
import { fileProblem, fileSize } from './attachments.ts'

describe('grievance attachments', () => {
  it('takes a PDF, JPEG or PNG of at most 2 MB, at most three', () => {
    expect(fileProblem({ name: 'bill.pdf', type: 'application/pdf', size: 2 * 1024 * 1024 }, 0)).toBeUndefined()
    expect(fileProblem({ name: 'x-ray.png', type: 'image/png', size: 1000 }, 2)).toBeUndefined()
    expect(
      fileProblem(
        {
          name: 'notes.docx',
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          size: 1000,
        },
        0,
      ),
    ).toBe('notes.docx is not a PDF, JPEG or PNG file.')
    expect(fileProblem({ name: 'scan.pdf', type: 'application/pdf', size: 2 * 1024 * 1024 + 1 }, 0)).toBe(
      'scan.pdf is 2.0 MB: each file must be 2 MB or smaller.',
    )
    expect(fileProblem({ name: 'empty.png', type: 'image/png', size: 0 }, 0)).toBe('empty.png is empty.')
    expect(fileProblem({ name: 'fourth.png', type: 'image/png', size: 10 }, 3)).toBe(
      'fourth.png: attach at most 3 files.',
    )
  })

  it('says sizes as people read them', () => {
    expect(fileSize(1500)).toBe('1 KB')
    expect(fileSize(350 * 1024)).toBe('0.3 MB')
    expect(fileSize(2 * 1024 * 1024)).toBe('2.0 MB')
  })
})
