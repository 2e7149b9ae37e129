import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import type { RJSFSchema } from '@rjsf/utils'
import { cmsContentSchema } from '#schemas/cms.ts'
import { ValidationError, type ValidationIssue } from '#schemas/engine/validation-error.ts'
import siteSchema from '#schemas/generated/site-content.schema.json' with { type: 'json' }
import { sectionSchema, SECTIONS, type SectionKey } from './editor-schema.ts'

const ajv = new Ajv2020({ allErrors: true, strict: false })
const full = ajv.compile(siteSchema)
const bySection = Object.fromEntries(
  SECTIONS.map(({ key }) => [key, ajv.compile(sectionSchema(siteSchema as RJSFSchema, key))]),
) as Record<SectionKey, ReturnType<typeof ajv.compile>>

const pathOf = (error: ErrorObject): (string | number)[] => {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')))
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string')
    path.push(error.params.missingProperty)
  return path
}

/** ajv reports every branch of a choice it tried; keep the most specific message per field. */
function toIssues(errors: ErrorObject[] | null | undefined, prefix: (string | number)[]): ValidationIssue[] {
  const byPath = new Map<string, ValidationIssue>()
  for (const error of errors ?? []) {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue
    const path = [...prefix, ...pathOf(error)]
    const key = path.join('.')
    if (!byPath.has(key))
      byPath.set(key, {
        path,
        message: error.keyword === 'pattern' ? 'Not in the expected form' : (error.message ?? 'Invalid value'),
      })
  }
  return [...byPath.values()]
}

/** Adds the issues of `more` whose fields have none yet. */
const merge = (issues: ValidationIssue[], more: ValidationIssue[]) => {
  for (const issue of more)
    if (!issues.some((known) => known.path.join('.') === issue.path.join('.'))) issues.push(issue)
  return issues
}

/**
 * Checks one part of the content as it is edited (fast: the part's own schemas): zod's messages
 * first (the clearer), then the site schema's (its section blocks).
 */
export function validateSection(key: SectionKey, value: unknown): ValidationIssue[] {
  const zod = cmsContentSchema.shape[key].safeParse(value)
  const issues = zod.success
    ? []
    : ValidationError.fromZod(zod.error).issues.map((issue) => ({ ...issue, path: [key, ...issue.path] }))
  const validate = bySection[key]
  return validate(value) ? issues : merge(issues, toIssues(validate.errors, [key]))
}

/**
 * Checks the whole draft before it is saved or published: the site's JSON Schema (as the server
 * does with ajv) and the zod schema (as the site parses it), whose messages are the clearer.
 */
export function validateDraft(content: unknown): ValidationIssue[] {
  const zod = cmsContentSchema.safeParse(content)
  const issues = zod.success ? [] : ValidationError.fromZod(zod.error).issues
  return full(content) ? issues : merge(issues, toIssues(full.errors, []))
}
