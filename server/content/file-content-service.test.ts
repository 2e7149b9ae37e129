import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { createLogger } from '../logger.ts'
import { createFileContentService } from './file-content-service.ts'

function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-'))
  mkdirSync(path.join(dir, 'demo'))
  const write = (file: string, value: unknown) => writeFileSync(path.join(dir, 'demo', file), JSON.stringify(value))
  return { dir, write }
}

describe('the file content service', () => {
  it('serves the published content, and the draft as "working" (the published one when there is no draft)', async () => {
    const { dir, write } = folder()
    write('content.json', minimalContent)
    const service = createFileContentService(dir, createLogger('silent'))
    expect((await service.get('demo')).base.variables.global_title).toBe('Demo Dental')
    expect((await service.get('demo', 'working')).base.variables.global_title).toBe('Demo Dental')
    write('working.json', { ...minimalContent, base: { variables: { group_key: 'demo', global_title: 'Draft' } } })
    expect((await service.get('demo', 'working')).base.variables.global_title).toBe('Draft')
    await expect(service.get('demo', '7')).rejects.toThrow('Unknown content version 7')
  })

  it('keeps serving the last content that parsed when the file turns invalid, and logs why', async () => {
    const { dir, write } = folder()
    write('content.json', minimalContent)
    const logger = createLogger('silent')
    const error = vi.spyOn(logger, 'error')
    const service = createFileContentService(dir, logger)
    await service.get('demo')
    write('content.json', { ...minimalContent, layout: { header: 'bogus', footer: '1_footer' } })
    expect((await service.get('demo')).layout.header).toBe('1_header')
    const [details, message] = error.mock.calls[0] ?? []
    expect(message).toBe('Unable to parse CMS Schema')
    expect(details).toMatchObject({ groupKey: 'demo', issues: [{ path: ['layout', 'header'] }] })
  })

  it('fails with the validation error when no version ever parsed', async () => {
    const { dir, write } = folder()
    write('content.json', { ...minimalContent, theme: {} })
    const service = createFileContentService(dir, createLogger('silent'))
    await expect(service.get('demo')).rejects.toThrow('Validation error: ')
  })
})
