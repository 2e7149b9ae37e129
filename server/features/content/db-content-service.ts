import { z } from '#schemas/engine/zod.ts'
import type { CmsContent } from '#schemas/cms.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { DEFAULT_POLICY, type MembershipPolicy } from '#schemas/membership-policy.ts'
import { fillPolicyDeep } from '#schemas/policy-words.ts'
import { promiseIssues } from '#schemas/policy-promises.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import type { Database } from '../../platform/db/database.ts'
import type { Logger } from '../../platform/logger.ts'
import {
  contentInLanguage,
  followTranslations,
  missingTranslations,
  sanitizeSiteContent,
  translationStatus,
  validateContent,
} from './content-validation.ts'
import { PUBLISHED, UnknownVersionError, WORKING, type ContentService } from './content-service.ts'
import {
  draftOf,
  insertVersion,
  latestVersion,
  latestVersionId,
  lockDraftRevision,
  recentVersions,
  upsertDraft,
  versionById,
  versionList,
} from './content-store.ts'

/** Issues told per failed version: enough to find the problem, not the whole list. */
const MAX_ISSUES = 20

export class StaleDraftError extends Error {
  override readonly name = 'StaleDraftError'
  constructor(readonly currentRevision: number) {
    super(
      `The draft changed since you opened it (now at revision ${currentRevision}). Reload it to see the other changes, then apply yours again.`,
    )
  }
}

export interface Draft {
  content: unknown
  revision: number
  updatedBy: string
  updatedAt: Date
}

const record = z.record(z.string(), z.unknown())
/** Stored content with every HTML field sanitised (content stored before that rule, or seeded from files, is cleaned as it is read). */
function clean(raw: unknown): Promise<unknown> {
  const stored = record.safeParse(raw)
  return stored.success ? sanitizeSiteContent(stored.data) : Promise.resolve(raw)
}

/**
 * Content checked, its HTML sanitised, then checked again: a rich text that held nothing but what
 * the sanitiser removes is empty, and a required one is refused at its field when saved, never
 * only when published.
 */
async function validClean(content: unknown): Promise<Record<string, unknown>> {
  return validateContent(await sanitizeSiteContent(await validateContent(content)))
}

/**
 * Content in the database: published versions (append-only) and one working draft per tenant.
 * Every HTML field is sanitised when content is saved and again when it is read, so no browser
 * receives HTML the sanitiser has not cleaned (the site's pages, its content API, the editor).
 * Published content is cached per tenant, and publishing here drops it at once. On PostgreSQL,
 * where other processes may publish too, a check of the latest version id at most every
 * `recheckMs` (1 s) keeps it right; the embedded database is this process's alone (PGlite holds
 * its folder), so there the cache is the truth and a request costs no query.
 */
export function createDbContentService(
  db: Database,
  logger: Logger,
  options: {
    recheckMs?: number
    now?: () => number
    /**
     * The tenant's membership policy: every `{policy.…}` placeholder of its content is filled from
     * it as the content is read (schemas/policy-words.ts), so a page or a mail says what the
     * lifecycle does. Without it, the default policy.
     */
    policyOf?: (groupKey: string) => MembershipPolicy | undefined
  } = {},
) {
  const recheckMs = options.recheckMs ?? (db.kind === 'pglite' ? Infinity : 1000)
  const now = options.now ?? Date.now
  const cache = new Map<string, { id: number; content: CmsContent; checkedAt: number }>()

  const parse = async (raw: unknown, groupKey: string, version: string) =>
    fillPolicyDeep(
      parseCmsContent(await clean(raw), (message, issues) => logger.error({ groupKey, version, issues }, message)),
      options.policyOf?.(groupKey) ?? DEFAULT_POLICY,
    )

  /** The newest published version that parses (bad content never takes the site down). */
  async function published(groupKey: string): Promise<CmsContent> {
    const cached = cache.get(groupKey)
    if (cached && now() - cached.checkedAt < recheckMs) return cached.content
    const latest = await latestVersionId(db, groupKey)
    if (!latest) throw new UnknownVersionError(PUBLISHED)
    if (cached?.id === latest.id) {
      cached.checkedAt = now()
      return cached.content
    }
    const rows = await recentVersions(db, groupKey)
    for (const row of rows) {
      try {
        const content = await parse(row.content, groupKey, String(row.id))
        cache.set(groupKey, { id: latest.id, content, checkedAt: now() })
        if (row.id !== latest.id)
          logger.warn({ groupKey, served: row.id, latest: latest.id }, 'Serving the last content that parsed')
        return content
      } catch {
        // Logged by parse; try the version before.
      }
    }
    throw new Error(`No published content of ${groupKey} parses`)
  }

  async function draft(groupKey: string): Promise<Draft> {
    const row = await draftOf(db, groupKey)
    if (row)
      return {
        content: await clean(row.content),
        revision: row.revision,
        updatedBy: row.updated_by,
        updatedAt: row.updated_at,
      }
    const latest = await latestVersion(db, groupKey)
    if (!latest) throw new UnknownVersionError(WORKING)
    return {
      content: await clean(latest.content),
      revision: 0,
      updatedBy: latest.published_by,
      updatedAt: latest.published_at,
    }
  }

  /** A version in the default language. */
  async function inDefault(groupKey: string, version: string): Promise<CmsContent> {
    if (version === PUBLISHED) return published(groupKey)
    if (version === WORKING) return parse((await draft(groupKey)).content, groupKey, version)
    if (!/^\d{1,9}$/.test(version)) throw new UnknownVersionError(version)
    const row = await versionById(db, groupKey, Number(version))
    if (!row) throw new UnknownVersionError(version)
    return parse(row.content, groupKey, version)
  }

  // What the site and its API get: the content without its translations (every language's texts
  // would go to every visitor, in each page's state), one object per content object.
  const withoutTranslations = new WeakMap<CmsContent, CmsContent>()
  const visible = (content: CmsContent): CmsContent => {
    if (!content.translations) return content
    let shown = withoutTranslations.get(content)
    if (!shown) {
      const { translations: _translations, ...rest } = content
      withoutTranslations.set(content, (shown = rest))
    }
    return shown
  }

  // A language's content, made once per content object (the published one is cached) and language.
  const languages = new WeakMap<CmsContent, Map<string, Promise<CmsContent>>>()
  const inLanguage = (content: CmsContent, groupKey: string, locale: string): Promise<CmsContent> => {
    let made = languages.get(content)
    if (!made) languages.set(content, (made = new Map<string, Promise<CmsContent>>()))
    let translated = made.get(locale)
    if (!translated) {
      // Its texts' `{policy.…}` placeholders are filled as the default's are.
      translated = contentInLanguage(content, locale).then((result) =>
        visible(fillPolicyDeep(result.content, options.policyOf?.(groupKey) ?? DEFAULT_POLICY)),
      )
      made.set(locale, translated)
    }
    return translated
  }

  const service = {
    async get(groupKey: string, version: string = PUBLISHED, locale?: string): Promise<CmsContent> {
      const content = await inDefault(groupKey, version)
      return locale && content.translations?.[locale] ? inLanguage(content, groupKey, locale) : visible(content)
    },

    /** The raw stored content of a version, as the API answers it. */
    async raw(groupKey: string, version: string = PUBLISHED): Promise<unknown> {
      if (version === WORKING) return (await draft(groupKey)).content
      if (version === PUBLISHED) {
        const row = await latestVersion(db, groupKey)
        if (!row) throw new UnknownVersionError(version)
        return clean(row.content)
      }
      const row = /^\d{1,9}$/.test(version) ? await versionById(db, groupKey, Number(version)) : undefined
      if (!row) throw new UnknownVersionError(version)
      return clean(row.content)
    },

    draft,

    /** A language's translation of the draft: what still shows the default's text, and what must be translated to publish it. */
    async translations(groupKey: string, locale: string) {
      return translationStatus(
        parseCmsContent((await draft(groupKey)).content, () => undefined),
        locale,
      )
    },

    /** Saves the draft if it is still at `baseRevision`; validates it first (nothing invalid is saved). */
    async saveDraft(groupKey: string, content: unknown, baseRevision: number, by: string): Promise<Draft> {
      // The translations follow their texts through the edit from the revision it was made on.
      const before = await draft(groupKey).catch(() => undefined)
      const followed = before?.revision === baseRevision ? await followTranslations(before.content, content) : content
      const valid = await validClean(followed)
      return db.transaction(async (tx) => {
        const current = await lockDraftRevision(tx, groupKey)
        const revision = current?.revision ?? 0
        if (revision !== baseRevision) throw new StaleDraftError(revision)
        const now = new Date()
        await upsertDraft(tx, { groupKey, content: valid, revision: revision + 1, by, at: now })
        return { content: valid, revision: revision + 1, updatedBy: by, updatedAt: now }
      })
    },

    /**
     * Publishes the draft as a new version (validated again, and refused where it promises what
     * the tenant's policy does not keep); the site shows it at once.
     */
    async publish(groupKey: string, note: string, by: string): Promise<{ id: number }> {
      const current = await draft(groupKey)
      const valid = await validClean(current.content)
      // A promise the policy does not keep is refused here, at its field (schemas/policy-promises.ts).
      const broken = promiseIssues(valid, options.policyOf?.(groupKey) ?? DEFAULT_POLICY)
      if (broken.length > 0) throw new ValidationError(broken)
      // A language is published with its own legal texts, or not at all (docs/adr/0029).
      const untranslated = await missingTranslations(parseCmsContent(valid, () => undefined))
      if (untranslated.length > 0) throw new ValidationError(untranslated)
      const { id } = await insertVersion(db, { groupKey, content: valid, note, by })
      cache.delete(groupKey)
      return { id }
    },

    /**
     * Which published version the site shows, and the newer ones it cannot (their issues), for
     * the playground to tell content managers why the site is not showing what they published.
     */
    async publishedFault(
      groupKey: string,
    ): Promise<{ servedVersion: number | null; failed: { id: number; issues: ValidationError['issues'] }[] }> {
      const rows = await recentVersions(db, groupKey)
      const failed: { id: number; issues: ValidationError['issues'] }[] = []
      for (const row of rows) {
        try {
          parseCmsContent(row.content, () => undefined)
          return { servedVersion: row.id, failed }
        } catch (error) {
          failed.push({
            id: row.id,
            issues:
              error instanceof ValidationError
                ? error.issues.slice(0, MAX_ISSUES)
                : [{ path: [], message: String(error) }],
          })
        }
      }
      return { servedVersion: null, failed }
    },

    async versions(groupKey: string) {
      return versionList(db, groupKey)
    },

    /** Copies an old version into the draft (publishing it is a separate step). */
    async restore(groupKey: string, id: number, by: string): Promise<Draft> {
      const row = await versionById(db, groupKey, id)
      if (!row) throw new UnknownVersionError(String(id))
      const current = await draft(groupKey)
      return service.saveDraft(groupKey, row.content, current.revision, by)
    },
  }
  return service satisfies ContentService
}
export type DbContentService = ReturnType<typeof createDbContentService>
