import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { CmsContent } from '#schemas/cms.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import type { Logger } from '../logger.ts'
import { PUBLISHED, UnknownVersionError, WORKING, type ContentService } from './content-service.ts'

/**
 * Content from files: `{dir}/{groupKey}/content.json` is the published version and
 * `working.json` the draft (the published content when there is none). Files are re-read
 * when they change, so an edit shows without a restart.
 */
export function createFileContentService(dir: string, logger: Logger): ContentService {
  const lastGood = new Map<string, CmsContent>()

  const read = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'))

  return {
    async get(groupKey, version = PUBLISHED) {
      if (version !== PUBLISHED && version !== WORKING) throw new UnknownVersionError(version)
      const folder = path.join(dir, groupKey)
      const published = path.join(folder, 'content.json')
      const file = version === WORKING ? path.join(folder, 'working.json') : published
      const key = `${groupKey}/${version}`
      let raw: unknown
      try {
        raw = await read(file)
      } catch (error) {
        if (version === WORKING && isMissingFile(error)) return this.get(groupKey)
        throw error
      }
      try {
        const content = parseCmsContent(raw, (message, issues) => logger.error({ groupKey, version, issues }, message))
        lastGood.set(key, content)
        return content
      } catch (error) {
        const previous = lastGood.get(key)
        if (previous) {
          logger.warn({ groupKey, version }, 'Serving the last content that parsed')
          return previous
        }
        throw error
      }
    },
  }
}

const isMissingFile = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT'
