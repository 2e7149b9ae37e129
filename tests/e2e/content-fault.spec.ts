/**
 * Stored content that no longer parses (as after a change of the content schema): the site keeps
 * showing the last version that does, and the playground tells content managers which version
 * failed and why. The broken version is written straight into the database of a server of its own
 * (no API stores content that does not parse), which is then started on it.
 */
import { z } from '#schemas/engine/zod.ts'
import { openPglite } from '#server/platform/db/database.ts'
import { axeViolations, defaultTenant, expect, tenantContent, test } from './fixtures.ts'
import { startServer, stop, tempDir, type ServerProcess } from './support/processes.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

test.describe.configure({ mode: 'serial' })

const data = tempDir('content-fault-')
let server: ServerProcess
const ids = { served: 0, broken: 0 }

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // A first start creates and seeds the database; the broken version is added while it is stopped.
  await stop(await startServer({ DATA_DIR: data.dir }))
  const db = await openPglite(data.dir)
  try {
    const row = z.object({ id: z.number(), content: z.record(z.string(), z.unknown()) })
    const latest = row.parse(
      (
        await db.query('SELECT id, content FROM content_versions WHERE group_key = $1 ORDER BY id DESC LIMIT 1', [
          defaultTenant.groupKey,
        ])
      )[0],
    )
    const base = z.object({ variables: z.record(z.string(), z.unknown()) }).parse(latest.content.base)
    const broken = { ...latest.content, base: { ...base, variables: { ...base.variables, global_title: 42 } } }
    const inserted = z
      .object({ id: z.number() })
      .parse(
        (
          await db.query(
            "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'Made by an older release', 'editor@demo.test') RETURNING id",
            [defaultTenant.groupKey, broken],
          )
        )[0],
      )
    Object.assign(ids, { served: latest.id, broken: inserted.id })
  } finally {
    await db.close()
  }
  server = await startServer({ DATA_DIR: data.dir })
})

test.afterAll(async () => {
  await stop(server)
  data.remove()
})

test('the site shows the last version that parses, and the playground names the version that failed and its issues', async ({
  page,
}) => {
  await page.goto(`${server.base}/faq`)
  await expect(page).toHaveTitle(new RegExp(tenantContent(defaultTenant.groupKey).base.variables.global_title))

  await staffSignIn(page, demoStaff('content'), `${server.base}/playground`)
  const notice = page.getByRole('region', { name: `Published version #${ids.broken} cannot be shown` })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText(`The site shows version #${ids.served}, the newest that can be.`)
  await expect(notice.getByRole('listitem')).toHaveCount(1)
  await expect(notice.getByRole('listitem')).toContainText('base.variables.global_title:')
  expect(await axeViolations(page)).toEqual([])
  // On a phone too: the notice, its issue by path, nothing hidden.
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(notice.getByRole('listitem')).toBeInViewport({ ratio: 0.5 })
  expect(await axeViolations(page)).toEqual([])
})
