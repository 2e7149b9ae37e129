import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { boundaries } from '../eslint.config.js'

const eslint = new ESLint({
  overrideConfigFile: true,
  baseConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
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
    ['schemas/cms.ts', "import React from 'react'", 'schemas/ imports only zod'],
    ['schemas/cms.ts', "import { x } from '../engine/index.ts'", 'schemas/ imports only zod'],
    ['site-config/registry.ts', "import { createApp } from '#server/app.ts'", 'never imports the server'],
    ['server/app.ts', "import { x } from '../playground/editor.tsx'", 'Nothing imports playground/ or tests/'],
    ['server/services/members.ts', "import { HttpError } from '../api/endpoint.ts'", 'knows nothing of HTTP'],
    ['server/api/member-routes.ts', "import { maybeOne } from '../db/database.ts'", 'A route module runs no SQL'],
    ['server/api/cms-routes.ts', "import { openDatabase } from '#server/db/database.ts'", 'A route module runs no SQL'],
    [
      'server/api/member-routes.ts',
      "export const remove = (ctx, id) => ctx.db.query('DELETE FROM dependents WHERE id = $1', [id])",
      'A route module runs no SQL',
    ],
    [
      'server/api/auth-routes.ts',
      "export const reset = (ctx) => ctx.db.transaction((tx) => tx.query('UPDATE users SET password_hash = $1', ['x']))",
      'into a service (server/services) that takes the db or tx handle',
    ],
    [
      'server/services/members.ts',
      "import { x } from '../playground/editor.tsx'",
      'Nothing imports playground/ or tests/',
    ],
    ['blocks/header-classic/block.ts', "import { z } from 'zod'", 'Import z from #schemas/zod.ts'],
    ['schemas/cms.ts', "import { z } from 'zod'", 'Import z from #schemas/zod.ts'],
    ['engine/registry.ts', "import * as z from 'zod/mini'", 'Import z from #schemas/zod.ts'],
  ])('%s: %s fails lint', async (file, source, message) => {
    const messages = await lint(file, source)
    expect(messages.join('\n')).toContain(message)
  })

  it.each([
    ['engine/routes.tsx', "import { manifestSchema } from '#schemas/manifest.ts'"],
    ['engine/routes.test.tsx', "import type { CmsContent } from '#schemas/cms.ts'"],
    ['blocks/header-classic/header-classic.tsx', "import { Link } from '#engine'"],
    ['blocks/page-dashboard/receipts.tsx', "import { useApiQuery } from '#engine/data'"],
    ['blocks/header-classic/header-classic.tsx', "import { formatPhone } from '../kit/phone.ts'"],
    ['site-config/entry-server.ts', "import { createServerRenderer } from '#engine/server'"],
    ['schemas/cms.ts', "import { z } from './zod.ts'"],
    ['schemas/zod.ts', "import * as z from 'zod/mini'"],
    ['schemas/api/member.ts', "import { contract } from '../contract.ts'"],
    ['server/services/members.ts', "import { RateLimited } from './errors.ts'"],
    ['server/api/member-routes.ts', "import { HttpError } from './endpoint.ts'"],
    ['server/api/context.ts', "import type { Database } from '../db/database.ts'"],
    ['server/api/member-routes.ts', 'export const info = (ctx) => members.info(ctx.db, ctx.tenant.groupKey, 1)'],
    ['server/api/cms-routes.ts', "export const token = (c) => c.req.query('preview_token')"],
    [
      'server/api/member.test.ts',
      "import { one } from '../db/database.ts'\nexport const rows = (db) => db.query('SELECT 1')",
    ],
    ['server/services/members.ts', "export const taken = (db) => db.query('SELECT id FROM users')"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await lint(file, source)).toEqual([])
  })
})
