import { describe, expect, it } from 'vitest'
import { downloadName } from './endpoint.ts'

describe('the name a file downloads under', () => {
  it('keeps a name whose extension is its type’s, in any case', () => {
    expect(downloadName('photo.PNG', 'image/png')).toBe('photo.PNG')
    expect(downloadName('scan.jpeg', 'image/jpeg')).toBe('scan.jpeg')
    expect(downloadName('scan.jpg', 'image/jpeg')).toBe('scan.jpg')
    expect(downloadName('ledger "Feb".pdf', 'application/pdf')).toBe('ledger "Feb".pdf')
  })

  it('gives its type’s extension to a name with another or none', () => {
    expect(downloadName('report.html', 'image/png')).toBe('report.png')
    expect(downloadName('invoice.pdf.exe', 'application/pdf')).toBe('invoice.pdf.pdf')
    expect(downloadName('notes', 'application/pdf')).toBe('notes.pdf')
    expect(downloadName('.htaccess', 'text/csv')).toBe('.htaccess.csv')
    expect(downloadName('', 'image/jpeg')).toBe('file.jpg')
  })

  it('refuses a type it knows no extension of (a contract with a new type must name it)', () => {
    expect(() => downloadName('a.svg', 'image/svg+xml')).toThrow('No file name extension is known for image/svg+xml')
  })
})
