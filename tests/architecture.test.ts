import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import madge from 'madge'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { boundaries, uiKit, ZOD_FREE_SHAPES } from '../eslint.config.js'

const eslint = new ESLint({
  overrideConfigFile: true,
  baseConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundaries, ...uiKit],
})

async function lint(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return (result?.messages ?? []).map((message) => message.message)
}

describe('architecture boundaries (enforced by lint)', () => {
  it.each([
    [
      'engine/routes.tsx',
      "import { headerClassic } from '#blocks/header-classic/block.ts'",
      'The engine never imports blocks/',
    ],
    [
      'engine/routes.tsx',
      "import { registry } from '../site-config/registry.ts'",
      'The engine never imports blocks/, site-config/',
    ],
    [
      'engine/server/render.tsx',
      "import { manifest } from '../../site-config/manifest.ts'",
      'The engine never imports',
    ],
    ['engine/client.tsx', "import { createApp } from '#server/app.ts'", 'The engine never imports'],
    ['engine/routes.tsx', "import type { CmsContent } from '#schemas/cms.ts'", "from the site's registration"],
    ['engine/site-shell.tsx', "import { isMember } from '#schemas/member.ts'", "from the site's registration"],
    ['engine/server/render.tsx', "import { x } from '#schemas/json-schema.ts'", "from the site's registration"],
    ['tests/engine-site/site.ts', "import type { CmsContent } from '#schemas/cms.ts'", 'nothing of the dental site'],
    ['tests/engine-site/site.ts', "import { site } from '#site-config/site.ts'", 'nothing of the dental site'],
    [
      'tests/engine-site/blocks.tsx',
      "import { formatPhone } from '../../blocks/kit/format/phone.ts'",
      'nothing of the dental site',
    ],
    ['tests/engine-site/site.ts', "import { BlockRegistry } from '#engine/registry'", 'through its public entries'],
    // What loads with a page imports no shape that brings zod (a contract's reference instead).
    [
      'blocks/page-office/page-office.tsx',
      "import { catalogApi } from '#schemas/api/directory.ts'",
      'by its reference',
    ],
    ['blocks/page-office/queries.ts', "import { catalogApi } from '#schemas/api/directory.ts'", 'by its reference'],
    ['blocks/page-office/block.ts', "import { cmsContentSchema } from '#schemas/cms.ts'", 'by its reference'],
    ['blocks/page-savings/page-savings.tsx', "import { z } from '#schemas/engine/zod.ts'", 'by its reference'],
    ['blocks/kit/catalog/fee-table.tsx', "import { planSchema } from '#schemas/api/directory.ts'", 'by its reference'],
    ['schemas/engine/manifest.ts', "import { cmsContentSchema } from '../cms.ts'", "never the site's shapes"],
    [
      'blocks/header-classic/header-classic.tsx',
      "import { registry } from '#site-config/registry.ts'",
      'Blocks never import site-config/',
    ],
    [
      'blocks/header-classic/header-classic.tsx',
      "import { BlockSlot } from '../../engine/block-slot.tsx'",
      'public entry',
    ],
    [
      'blocks/header-classic/header-classic.tsx',
      "import x from '../footer-classic/footer-classic.tsx'",
      "never reaches into another block's files",
    ],
    [
      'blocks/kit/forms/form.tsx',
      "import x from '../../page-dashboard/profile.tsx'",
      "never reaches into another block's files",
    ],
    [
      'blocks/kit/chrome/header-parts.tsx',
      "import { registry } from '#site-config/registry.ts'",
      'Blocks never import site-config/',
    ],
    ['schemas/cms.ts', "import React from 'react'", 'schemas/ imports only zod'],
    ['schemas/cms.ts', "import { x } from '../engine/index.ts'", 'schemas/ imports only zod'],
    ['site-config/registry.ts', "import { createApp } from '#server/app.ts'", 'never imports the server'],
    [
      'server/app.ts',
      "import { x } from '../playground/editor.tsx'",
      'Nothing imports playground/, console/ or tests/',
    ],
    [
      'server/features/members/members.ts',
      "import { HttpError } from '../../platform/http/endpoint.ts'",
      'knows nothing of HTTP',
    ],
    [
      'server/features/members/members.ts',
      "import type { ApiContext } from '../../context.ts'",
      'knows nothing of HTTP',
    ],
    [
      'server/features/checkout/checkout-payment.ts',
      "import { members } from '../members/members.ts'",
      'Another feature is entered by its index.ts only',
    ],
    [
      'server/features/checkout/checkout-routes.ts',
      "import { members } from '#server/features/members/members.ts'",
      'Another feature is entered by its index.ts only',
    ],
    [
      'server/middleware.ts',
      "import { StaleDraftError } from './features/content/db-content-service.ts'",
      'The app enters a feature by its index.ts only',
    ],
    [
      'console/members/record.tsx',
      "import { CATEGORY_LABELS } from '../grievances/labels.tsx'",
      "Another of the console's feature folders is entered by its index.ts only",
    ],
    [
      'console/frame/page.tsx',
      "import { CATEGORY_LABELS } from '../grievances/index.ts'",
      "it imports none of the console's feature folders",
    ],
    [
      'server/platform/jobs/queue.ts',
      "import { lifecycle } from '../../features/members/index.ts'",
      'it imports no feature and not the app',
    ],
    [
      'server/platform/mail/mailer.ts',
      "import { loadTenants } from '../../tenants.ts'",
      'it imports no feature and not the app',
    ],
    [
      'server/features/members/member-routes.ts',
      "import { maybeOne } from '../../platform/db/database.ts'",
      'A route module runs no SQL',
    ],
    [
      'server/features/content/cms-routes.ts',
      "import { openDatabase } from '#server/platform/db/database.ts'",
      'A route module runs no SQL',
    ],
    [
      'server/features/members/member-routes.ts',
      "export const remove = (ctx, id) => ctx.db.query('DELETE FROM dependents WHERE id = $1', [id])",
      'A route module runs no SQL',
    ],
    [
      'server/features/members/auth-routes.ts',
      "export const reset = (ctx) => ctx.db.transaction((tx) => tx.query('UPDATE users SET password_hash = $1', ['x']))",
      "into the feature's service that takes the db or tx handle",
    ],
    [
      'server/features/members/members.ts',
      "import { x } from '../playground/editor.tsx'",
      'Nothing imports playground/, console/ or tests/',
    ],
    ['blocks/header-classic/block.ts', "import { z } from 'zod'", 'Import z from #schemas/engine/zod.ts'],
    ['schemas/cms.ts', "import { z } from 'zod'", 'Import z from #schemas/engine/zod.ts'],
    ['engine/registry.ts', "import * as z from 'zod/mini'", 'Import z from #schemas/engine/zod.ts'],
  ])('%s: %s fails lint', async (file, source, message) => {
    const messages = await lint(file, source)
    expect(messages.join('\n')).toContain(message)
  })

  it.each([
    ['engine/routes.tsx', "import { manifestSchema } from '#schemas/engine/manifest.ts'"],
    ['engine/routes.test.tsx', "import type { CmsContent } from '#schemas/cms.ts'"],
    ['blocks/header-classic/header-classic.tsx', "import { Link } from '#engine'"],
    ['blocks/page-dashboard/receipts.tsx', "import { useApiQuery } from '#engine/data'"],
    ['blocks/page-dashboard/receipts.tsx', "import { DataTable } from '#engine/table'"],
    ['playground/vitals.tsx', "import { DataTable } from '#engine/table'"],
    ['blocks/header-classic/header-classic.tsx', "import { formatPhone } from '../kit/format/phone.ts'"],
    ['blocks/kit/chrome/header-parts.tsx', "import { buttonClass } from '../ui/button.tsx'"],
    ['blocks/page-office/page-office.tsx', "import { catalogApi } from '#schemas/api/directory.routes.ts'"],
    ['blocks/page-office/page-office.tsx', "import type { Plan } from '#schemas/api/directory.ts'"],
    ['blocks/page-grievance/page-grievance.tsx', "import { DMHC } from '#schemas/dmhc.ts'"],
    ['blocks/page-office/props.ts', "import { z } from '#schemas/engine/zod.ts'"],
    ['blocks/page-grievance/form-schema.ts', "import { grievanceRequestSchema } from '#schemas/api/grievances.ts'"],
    ['blocks/kit/testing/story-fixtures.ts', "import { parseCmsContent } from '#schemas/parse-cms.ts'"],
    ['site-config/entry-server.ts', "import { createServerRenderer } from '#engine/server'"],
    ['schemas/cms.ts', "import { z } from './engine/zod.ts'"],
    ['tests/engine-site/site.ts', "import { z } from '#schemas/engine/zod.ts'"],
    ['tests/engine-site/noticeboard.test.tsx', "import { hydrateSite } from '#engine/client'"],
    ['schemas/engine/ui.ts', "import { LOADING_DEFAULTS } from './ui-values.ts'"],
    ['schemas/engine/zod.ts', "import * as z from 'zod/mini'"],
    ['schemas/api/members.ts', "import { contract } from '../engine/contract.ts'"],
    ['server/features/members/members.ts', "import { RateLimited } from '../../platform/errors.ts'"],
    ['server/features/checkout/checkout-payment.ts', "import { members } from '../members/index.ts'"],
    ['server/middleware.ts', "import { StaleDraftError } from './features/content/index.ts'"],
    ['server/app.ts', "import { apiEndpoints } from './features/registry.ts'"],
    ['server/features/members/members.ts', "import { audit } from './audit.ts'"],
    ['console/members/record.tsx', "import { CATEGORY_LABELS } from '../grievances/index.ts'"],
    ['console/members/record.tsx', "import { PageTitle } from '../frame/page.tsx'"],
    ['console/members/record.tsx', "import { MEMBERSHIP_LABELS } from './labels.ts'"],
    // The console's root wires the screens together: it is in no feature folder.
    ['console/screens.ts', "import GrievanceInbox from './grievances/inbox.tsx'"],
    ['server/features/members/member-routes.ts', "import { HttpError } from '../../platform/http/endpoint.ts'"],
    ['server/context.ts', "import type { Database } from './platform/db/database.ts'"],
    [
      'server/features/members/member-routes.ts',
      'export const info = (ctx) => members.info(ctx.db, ctx.tenant.groupKey, 1)',
    ],
    ['server/features/content/cms-routes.ts', "export const token = (c) => c.req.query('preview_token')"],
    [
      'server/features/members/member.test.ts',
      "import { one } from '../../platform/db/database.ts'\nexport const rows = (db) => db.query('SELECT 1')",
    ],
    ['server/features/members/members.ts', "export const taken = (db) => db.query('SELECT id FROM users')"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await lint(file, source)).toEqual([])
  })
})

describe('the UI kit (enforced by lint)', () => {
  const message = 'A button’s look is written once, in blocks/kit/ui/button.tsx'

  it.each([
    ['blocks/page-savings/page-savings.tsx', 'export const Join = () => <button className="btn-primary">Join</button>'],
    ['blocks/page-office/page-office.tsx', 'export const Back = () => <a className="btn-outline self-start">Back</a>'],
    [
      'blocks/kit/chrome/header-parts.tsx',
      "export const look = (wide: boolean) => `btn-outline ${wide ? 'w-full' : ''}`",
    ],
    ['blocks/section-hero/section-hero.stories.tsx', "export const look = 'btn-primary'"],
  ])('%s: %s fails lint', async (file, source) => {
    expect((await lint(file, source)).join('\n')).toContain(message)
  })

  it.each([
    ['blocks/kit/ui/button.tsx', "const VARIANTS = { primary: 'btn-primary', outline: 'btn-outline' }"],
    ['blocks/page-savings/page-savings.tsx', 'export const Join = () => <Button variant="primary">Join</Button>'],
    ['blocks/page-savings/page-savings.test.tsx', "expect(button).toHaveClass('btn-primary')"],
    ['engine/error-view.tsx', 'export const Home = () => <a className="btn-primary">Home</a>'],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await lint(file, source)).toEqual([])
  })
})

describe('the shapes a view may import at run time', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const shapes = readdirSync(path.join(root, 'schemas'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => ZOD_FREE_SHAPES.some((pattern) => new RegExp(`^(${pattern})$`).test(file)))

  /** The files a module imports at run time (not `import type`), followed through relative imports. */
  const runtimeImports = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, specifier = ''] of source.matchAll(/^import (?!type )[^'"]*from '([^']+)'/gm))
      if (specifier.startsWith('.')) runtimeImports(path.resolve(path.dirname(file), specifier), seen)
      else seen.add(specifier)
    return seen
  }

  it.each(shapes)('schemas/%s brings no zod with it', (shape) => {
    expect(shapes.length).toBeGreaterThan(10)
    const imported = [...runtimeImports(path.join(root, 'schemas', shape))]
    expect(imported.filter((file) => /(^zod(\/|$))|schemas\/engine\/zod\.ts$/.test(file))).toEqual([])
  })
})

const repoRoot = path.resolve(import.meta.dirname, '..')
/** madge's settings (`.madgerc`: its file extensions, its tsconfig, what its readers of imports skip). */
const madgeRc = JSON.parse(readFileSync(path.join(repoRoot, '.madgerc'), 'utf8')) as {
  fileExtensions: string[]
  tsConfig: string
  detectiveOptions: Record<string, Record<string, boolean>>
}
/** madge's settings with each reader of imports told what to skip (`skipTypeImports`, `skipAsyncImports`). */
const madgeConfig = (skip: Record<string, boolean>, baseDir = repoRoot): madge.MadgeConfig => ({
  fileExtensions: madgeRc.fileExtensions,
  tsConfig: path.join(repoRoot, madgeRc.tsConfig),
  baseDir,
  detectiveOptions: Object.fromEntries(
    Object.entries(madgeRc.detectiveOptions).map(([reader, options]) => [reader, { ...options, ...skip }]),
  ),
})

/**
 * The folders whose imports form no circle even with type-only imports counted: a circle of types is
 * one a reader walks too, and it ties the files' designs together as a circle of values does.
 * `npm run cycles` checks every folder with type-only imports aside; a folder joins this list once
 * it has no circle of either kind (server/ and console/ are to follow).
 */
const NO_CYCLES_WITH_TYPE_IMPORTS = ['engine', 'server', 'console']

describe('import cycles, type-only imports counted', () => {
  it.each(NO_CYCLES_WITH_TYPE_IMPORTS)('%s/ has none', async (folder) => {
    const graph = await madge(path.join(repoRoot, folder), madgeConfig({ skipTypeImports: false }))
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(10)
    expect(graph.circular()).toEqual([])
  })

  it('sees a circle of type-only imports, which `npm run cycles` leaves aside', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'type-circle-'))
    try {
      writeFileSync(path.join(folder, 'a.ts'), "import type { B } from './b.ts'\nexport interface A {\n  b: B\n}\n")
      writeFileSync(path.join(folder, 'b.ts'), "import type { A } from './a.ts'\nexport interface B {\n  a?: A\n}\n")
      const circles = async (skip: Record<string, boolean>) =>
        (await madge(folder, madgeConfig(skip, folder))).circular()
      expect(await circles({ skipTypeImports: false })).toEqual([['a.ts', 'b.ts']])
      expect(await circles({})).toEqual([])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the engine’s tests run on the engine’s own test site', () => {
  const engineTests = readdirSync(path.join(repoRoot, 'engine'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(test|test-d|stories)\.tsx?$/.test(file))
    .map((file) => `engine/${file}`)

  /** Every module the files reach through their imports, type-only and lazy ones too; and the imports of ours madge could not follow. */
  const reached = async (files: string[]) => {
    const graph = await madge(
      files.map((file) => path.join(repoRoot, file)),
      madgeConfig({ skipTypeImports: false, skipAsyncImports: false }),
    )
    return {
      modules: Object.keys(graph.obj()),
      unresolved: graph.warnings().skipped.filter((name) => /^[.#]/.test(name)),
    }
  }
  /** The site's shapes among modules: schemas/ outside the engine's own (schemas/engine/). */
  const siteShapes = (modules: string[]) =>
    modules.filter((module) => module.startsWith('schemas/') && !module.startsWith('schemas/engine/'))

  it('import nothing of schemas/ outside schemas/engine/, however far their imports lead', async () => {
    expect(engineTests.length).toBeGreaterThan(20)
    const { modules, unresolved } = await reached(engineTests)
    expect(unresolved).toEqual([])
    expect(modules).toContain('engine/test-site.ts')
    expect(modules).toContain('schemas/engine/contract.ts')
    expect(siteShapes(modules)).toEqual([])
  })

  it('would see a shape of the site, reached through an alias (site-config/site.ts reaches the content schema)', async () => {
    const { modules } = await reached(['site-config/site.ts'])
    expect(siteShapes(modules)).toContain('schemas/cms.ts')
  })
})
