import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockRegistry, type Block } from '#engine'
import { contentSchemaOf, createServerRenderer } from '#engine/server'
import type { Plan } from '#schemas/api/directory.ts'
import { cmsContentSchema, type CmsContent } from '#schemas/cms.ts'
import { manifest } from '#site-config/manifest.ts'
import { blocks, registry as siteRegistry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { money } from '../blocks/kit/format/money.ts'
import { storyConfig } from '../blocks/kit/testing/story-fixtures.ts'
import { main } from '../scripts/new-block.ts'
import { defaultTenant, useTestServer } from '../server/test-harness.ts'

/**
 * Adding a section that shows API data is one folder and one registry line: `npm run new:block
 * -- <name> --section --data` writes the folder, the test registers it with one line, and a landing
 * page made of it renders on the server with the plan API's answer in the first HTML.
 *
 * The scaffold is written in a folder of its own under the project (`.tmp/`, ignored by git), its
 * `blocks/kit` a link to the site's kit, so its imports resolve as a block's in `blocks/` do.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const NAME = 'section-plan-price'

describe('npm run new:block -- section-plan-price --section --data', () => {
  const server = useTestServer('pglite')
  let root: string
  let output: string[]
  let code: number
  beforeAll(async () => {
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
    root = mkdtempSync(path.join(ROOT, '.tmp', 'new-block-'))
    mkdirSync(path.join(root, 'blocks'))
    symlinkSync(path.join(ROOT, 'blocks/kit'), path.join(root, 'blocks/kit'), 'dir')
    output = []
    code = await main(
      [NAME, '--section', '--data'],
      root,
      (line: string) => output.push(line),
      (line: string) => output.push(line),
    )
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  /** The one registry line the developer adds (site-config/registry.ts, in `blocks`). */
  const registered = () =>
    new BlockRegistry({
      ...blocks,
      [NAME]: () =>
        import(path.join(root, 'blocks', NAME, 'block.ts')).then(
          (module: { sectionPlanPrice: Block }) => module.sectionPlanPrice,
        ),
    })

  /** The published content with a landing page made of the new section. */
  const withSection = (published: CmsContent, planId: number): CmsContent =>
    cmsContentSchema.parse({
      ...published,
      landing_pages: [
        ...published.landing_pages,
        {
          slug: 'our-price',
          title: 'Our price',
          sections: [{ block: NAME, props: { title: 'Our price', plan_id: planId } }],
        },
      ],
    })

  it('writes one folder: the props, the queries, the definition, the view, a story and a test', () => {
    expect(code).toBe(0)
    expect(output.join('\n')).toContain(`Wrote section block with data ${NAME}`)
    expect(output.join('\n')).toContain('Register it in site-config/registry.ts')
  })

  it('renders, once registered, a landing page with the plan API’s answer in the first HTML', async () => {
    const published = await server.deps.content.get(defaultTenant.groupKey)
    // The first plan the site offers.
    const planId = Number(published.base.variables.plans_whitelist[0]!.plan_id)
    const content = withSection(published, planId)
    const plan = (await server.client().json<Plan>(`/api/v4/plans/${planId}`)).body
    expect(plan.name).toBeTruthy()

    const registry = registered()
    // The content schema knows the section once it is registered, and only then (an editor saving
    // this page before the registry line is refused at the section).
    const valid = async (blockRegistry: BlockRegistry) =>
      new Ajv2020({ allErrors: true, strict: false }).compile(await contentSchemaOf(site, blockRegistry))(content)
    expect(await valid(registry)).toBe(true)
    expect(await valid(siteRegistry)).toBe(false)

    const render = createServerRenderer({ manifest, registry, site, mode: 'production' })
    const host = defaultTenant.hosts[0]!
    const result = await render({
      request: new Request(`http://${host}/our-price`),
      config: storyConfig,
      isBot: false,
      sources: {
        content: () => Promise.resolve(content),
        session: () => Promise.resolve({ isAuthenticated: false }),
        // The page's queries go to the real API handlers, on the real database, as the server's do.
        transport: (apiPath, init) => {
          const headers = new Headers(init.headers)
          headers.set('host', host)
          return Promise.resolve(server.app.request(apiPath, { ...init, headers }))
        },
      },
    })
    if (result.kind !== 'page') throw new Error(`Expected a page, got ${result.kind}`)
    expect(result.status).toBe(200)
    const section = result.html.slice(result.html.indexOf(`data-block="${NAME}"`))
    expect(section).toMatch(/<h2[^>]*>Our price<\/h2>/)
    // (React separates the texts with comments.)
    const price = /<p[^>]*><span[^>]*>([^<]*)<\/span>(?:<!-- -->| )*([^<]*)(?:<!-- -->| )*([^<]*)<\/p>/.exec(section)
    expect(price?.slice(1)).toEqual([plan.name, money(plan.monthlyPriceCents), 'a month'])
    // Not a skeleton left for the browser: the data was there when the page was rendered.
    expect(section.slice(0, section.indexOf('</section>'))).not.toContain('aria-busy')
    expect(result.blockNames).toContain(NAME)
    // Compiling the content schema twice and a first server render: seconds on a loaded machine.
  }, 30_000)
})
