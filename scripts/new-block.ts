/**
 * `npm run new:block -- <name> [--section [--data]]`: scaffolds `blocks/<name>/` (see README, "How
 * to add a block"): the props schema, the registration, the component, a story and a unit test.
 * With `--data`, a section that shows API data: its queries (`queries.ts`), declared as the
 * section's `data`, so the page's loader runs them and the section is in the first HTML with them.
 *
 * `scaffoldBlock` is pure (it returns the files); `writeBlockScaffold` writes them; the command
 * line runs only when this file is the entry (`tsx scripts/new-block.ts`), so tests import it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..')

export interface BlockScaffold {
  /** The block's folder name, also its `name` and the name of its component file. */
  name: string
  section: boolean
  /** A section that shows API data (a plan's price, from the plan API, to start from). */
  data: boolean
  /** The folder, relative to the project root: `blocks/<name>`. */
  folder: string
  /** The files, their paths relative to the project root. */
  files: { path: string; text: string }[]
}

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
/** Folders of blocks/ that are not blocks. */
const RESERVED = new Set(['kit'])

/** Why a name cannot be a block's, or undefined when it can. */
export function blockNameProblem(name: string, section: boolean, data = false): string | undefined {
  if (!KEBAB_CASE.test(name))
    return `"${name}" is not a kebab-case name: lower-case letters and digits in words joined by "-", starting with a letter (e.g. section-note, header-wide)`
  if (RESERVED.has(name)) return `"${name}" is reserved: blocks/${name}/ holds the code blocks share`
  if (section && !name.startsWith('section-'))
    return `A section block's name starts with "section-" (its registry key): try section-${name}`
  if (!section && name.startsWith('section-')) return `"${name}" names a section block: add --section`
  if (data && !section)
    return '--data scaffolds a section that shows API data: add --section (a page block declares its data in its block.ts)'
  return undefined
}

/** section-note → sectionNote */
export const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_match, char: string) => char.toUpperCase())
/** section-note → SectionNote */
export const pascalCase = (name: string) => camelCase(name).replace(/^[a-z]/, (char) => char.toUpperCase())
/** section-note → Note, promo-banner → Promo banner */
const titleOf = (name: string, section: boolean) => {
  const words = (section ? name.slice('section-'.length) : name).replaceAll('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The files of a new block, without writing them. Throws on a bad name. */
export function scaffoldBlock(name: string, options: { section?: boolean; data?: boolean } = {}): BlockScaffold {
  const section = options.section ?? false
  const data = options.data ?? false
  const problem = blockNameProblem(name, section, data)
  if (problem) throw new Error(problem)
  return data ? dataSectionScaffold(name) : plainScaffold(name, section)
}

function plainScaffold(name: string, section: boolean): BlockScaffold {
  const problem = blockNameProblem(name, section)
  if (problem) throw new Error(problem)
  const block = camelCase(name)
  const Component = pascalCase(name)
  const schema = `${block}PropsSchema`
  const props = `${Component}Props`
  const title = titleOf(name, section)
  const folder = `blocks/${name}`

  // The props schema has a module of its own, which the block loads when the browser checks props
  // itself: the first render's props are the server's, so zod is not part of a page's start.
  const propsTs = `import { z } from '#schemas/engine/zod.ts'

export const ${schema} = z.object({
  title: z.string().check(z.regex(/\\S/, 'Title is required'), z.maxLength(120), z.describe('Title')),
  text: z.optional(z.string().check(z.maxLength(2000))).check(z.describe('Text')),
})
export type ${props} = z.output<typeof ${schema}>
`
  const schemaLoader = `() => import('./props.ts').then((module) => module.${schema})`
  const blockTs = section
    ? `import { defineSectionBlock } from '#engine'
import * as component from './${name}.tsx'

export const ${block} = defineSectionBlock({
  name: '${name}',
  title: '${title}',
  description: 'A title and a short text.',
  schema: ${schemaLoader},
  load: () => component,
})
`
    : `import { defineBlock } from '#engine'
import * as component from './${name}.tsx'

export const ${block} = defineBlock({
  name: '${name}',
  title: '${title}',
  description: 'A title and a short text.',
  schema: ${schemaLoader},
  // Reads the block's props from the page: the content, the session, the route's parameters.
  select: (context) => ({ title: context.content.base.variables.global_title }),
  load: () => component,
})
`

  const componentTsx = `import type { ${props} } from './props.ts'

export default function ${Component}({ title, text }: ${props}) {
  return (
    <section className="bg-white text-body" data-block="${name}">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 className="text-3xl font-bold">{title}</h2>
        {text && <p className="mt-4 max-w-2xl text-lg">{text}</p>}
      </div>
    </section>
  )
}
`

  const storyTitle = section ? `Sections/${name} · ${title}` : `Blocks/${name} · ${title}`
  const storiesTsx = section
    ? `import type { Meta, StoryObj } from '@storybook/react-vite'
import { argTypesFromSchema } from '#engine/tools'
import { phone, showsHeading } from '../kit/testing/section-stories.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

const meta = {
  title: '${storyTitle}',
  component: ${Component},
  args: { title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' },
  argTypes: argTypesFromSchema(${schema}),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ${Component}>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = { play: showsHeading('Closed on Monday') }
export const WithoutText: Story = { args: { text: undefined }, play: showsHeading('Closed on Monday') }
export const Phone: Story = { ...phone, play: showsHeading('Closed on Monday') }
`
    : `import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

const showsTitle = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(within(canvasElement).getByRole('heading', { level: 2, name: 'Closed on Monday' })).toBeVisible()
}

const meta = {
  title: '${storyTitle}',
  component: ${Component},
  args: { title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' },
  argTypes: argTypesFromSchema(${schema}),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ${Component}>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = { play: showsTitle }
export const WithoutText: Story = { args: { text: undefined }, play: showsTitle }
export const Phone: Story = { globals: PHONE, play: showsTitle }
`

  const testTsx = `// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

afterEach(cleanup)

describe('${name}', () => {
  it('shows its title and text', () => {
    render(<${Component} {...${schema}.parse({ title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' })} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Closed on Monday' })).toBeTruthy()
    expect(screen.getByText('We reopen on Tuesday at 8am.')).toBeTruthy()
  })

  it('refuses props without a title', () => {
    expect(${schema}.safeParse({ title: ' ' }).success).toBe(false)
  })
})
`

  return {
    name,
    section,
    data: false,
    folder,
    files: [
      { path: `${folder}/props.ts`, text: propsTs },
      { path: `${folder}/block.ts`, text: blockTs },
      { path: `${folder}/${name}.tsx`, text: componentTsx },
      { path: `${folder}/${name}.stories.tsx`, text: storiesTsx },
      { path: `${folder}/${name}.test.tsx`, text: testTsx },
    ],
  }
}

/**
 * A section that shows API data: a title and one plan's monthly price, read from the plan API. Its
 * queries are a function of its props (`queries.ts`), which the definition declares as `data` (the
 * page's loader runs them before render) and the view reads with the same hooks (from the cache).
 */
function dataSectionScaffold(name: string): BlockScaffold {
  const block = camelCase(name)
  const Component = pascalCase(name)
  const schema = `${block}PropsSchema`
  const props = `${Component}Props`
  const query = `${block}Query`
  const title = titleOf(name, true)
  const folder = `blocks/${name}`

  const propsTs = `import { z } from '#schemas/engine/zod.ts'

export const ${schema} = z.object({
  title: z.string().check(z.regex(/\\S/, 'Title is required'), z.maxLength(120), z.describe('Title')),
  plan_id: z.number().check(z.int(), z.positive(), z.describe('Plan to show, by plan id')),
  // What a visitor reads is content, with a default (docs/adr/0006).
  per_month: z._default(z.string().check(z.maxLength(40)), 'a month').check(z.describe('Text after the price')),
})
export type ${props} = z.output<typeof ${schema}>
`
  const queriesTs = `import { planQuery } from '../kit/catalog/plans.ts'
import type { ${props} } from './props.ts'

/** The plan the section shows, from the plan API: the page's loader runs it (block.ts), the view reads it. */
export const ${query} = ({ plan_id }: Pick<${props}, 'plan_id'>) => planQuery(plan_id)
`
  const blockTs = `import { defineSectionBlock } from '#engine'
import * as component from './${name}.tsx'
import { ${query} } from './queries.ts'

export const ${block} = defineSectionBlock({
  name: '${name}',
  title: '${title}',
  description: 'A title and the monthly price of a plan, from the plan API.',
  schema: () => import('./props.ts').then((module) => module.${schema}),
  data: (props) => [${query}(props)],
  load: () => component,
})
`
  const componentTsx = `import { DataBoundary, useApiQuery } from '#engine/data'
import { money } from '../kit/format/money.ts'
import type { ${props} } from './props.ts'
import { ${query} } from './queries.ts'

export default function ${Component}(props: ${props}) {
  return (
    <section className="bg-white text-body" data-block="${name}">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 className="text-3xl font-bold">{props.title}</h2>
        <DataBoundary title="the plan">
          <Price {...props} />
        </DataBoundary>
      </div>
    </section>
  )
}

/** Read from the cache the page's loader filled (in the first HTML); a failure is the boundary's. */
function Price(props: ${props}) {
  const { data: plan } = useApiQuery(${query}(props))
  return (
    <p className="mt-4 text-lg">
      <span className="font-semibold">{plan.name}</span> {money(plan.monthlyPriceCents)} {props.per_month}
    </p>
  )
}
`
  const storiesTsx = `import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { samplePlans } from '../kit/testing/catalog-fixtures.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import { phone } from '../kit/testing/section-stories.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

const plan = samplePlans[0]!

const showsPrice = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('heading', { level: 2, name: 'Our plan' })).toBeVisible()
  await expect(canvas.getByText(plan.name)).toBeVisible()
}

const meta = {
  title: 'Sections/${name} · ${title}',
  component: ${Component},
  args: { title: 'Our plan', plan_id: plan.id, per_month: 'a month' },
  argTypes: argTypesFromSchema(${schema}),
  decorators: [withApiData([[planQuery(plan.id), plan]])],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ${Component}>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = { play: showsPrice }
export const Phone: Story = { ...phone, play: showsPrice }
`
  const testTsx = `// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BlockRegistry } from '#engine'
import { BlockFrame } from '#engine/tools'
import { manifest } from '#site-config/manifest.ts'
import { site } from '#site-config/site.ts'
import { WithApiData } from '../kit/testing/api-data.tsx'
import { samplePlans } from '../kit/testing/catalog-fixtures.ts'
import { money } from '../kit/format/money.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import { sectionQueries } from '../kit/testing/section-queries.ts'
import { storyConfig, storyContent } from '../kit/testing/story-fixtures.ts'
import { ${block} } from './block.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

afterEach(cleanup)
const plan = samplePlans[0]!

describe('${name}', () => {
  it('declares the plan query as its data, so a page with it loads the plan with the page', async () => {
    const section = { block: '${name}', props: { title: 'Our plan', plan_id: plan.id } }
    const sections = { '${name}': ${block} }
    expect(await sectionQueries(sections, [section], storyContent)).toEqual([planQuery(plan.id)])
  })

  it('shows its title and the plan’s monthly price', () => {
    // Inside the engine, as a page renders it, with the plan API's answer in the cache.
    render(
      <BlockFrame
        content={storyContent}
        config={storyConfig}
        registry={new BlockRegistry({})}
        site={site}
        manifest={manifest}
      >
        <WithApiData entries={[[planQuery(plan.id), plan]]}>
          <${Component} {...${schema}.parse({ title: 'Our plan', plan_id: plan.id })} />
        </WithApiData>
      </BlockFrame>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Our plan' })).toBeTruthy()
    expect(screen.getByText(plan.name).parentElement?.textContent).toBe(
      \`\${plan.name} \${money(plan.monthlyPriceCents)} a month\`,
    )
  })

  it('refuses props without a title or a plan', () => {
    expect(${schema}.safeParse({ title: ' ', plan_id: 1 }).success).toBe(false)
    expect(${schema}.safeParse({ title: 'Our plan' }).success).toBe(false)
  })
})
`
  return {
    name,
    section: true,
    data: true,
    folder,
    files: [
      { path: `${folder}/props.ts`, text: propsTs },
      { path: `${folder}/queries.ts`, text: queriesTs },
      { path: `${folder}/block.ts`, text: blockTs },
      { path: `${folder}/${name}.tsx`, text: componentTsx },
      { path: `${folder}/${name}.stories.tsx`, text: storiesTsx },
      { path: `${folder}/${name}.test.tsx`, text: testTsx },
    ],
  }
}

/**
 * Writes the scaffold under `rootDir`, each file formatted by the project's Prettier (a name's
 * length changes where lines break); refuses a folder that exists. Returns the files' paths.
 */
export async function writeBlockScaffold(rootDir: string, scaffold: BlockScaffold): Promise<string[]> {
  const folder = path.join(rootDir, scaffold.folder)
  if (existsSync(folder)) throw new Error(`${scaffold.folder}/ exists already: choose another name, or edit that block`)
  const options = await prettier.resolveConfig(path.join(PROJECT_ROOT, scaffold.folder, 'block.ts'))
  const formatted = await Promise.all(
    scaffold.files.map(async (file) => ({
      target: path.join(rootDir, file.path),
      text: await prettier.format(file.text, { ...options, filepath: file.path }),
    })),
  )
  mkdirSync(folder, { recursive: true })
  for (const { target, text } of formatted) writeFileSync(target, text, { flag: 'wx' })
  return formatted.map(({ target }) => target)
}

/** What to do after scaffolding. */
export function nextSteps(scaffold: BlockScaffold): string {
  const block = camelCase(scaffold.name)
  // A registration is the loader of the block's definition: a page loads only the ones it renders.
  const entry = `() => import('#blocks/${scaffold.name}/block.ts').then((module) => module.${block})`
  return scaffold.section
    ? [
        'Next:',
        `  1. Register it in site-config/registry.ts, in \`blocks\`: '${scaffold.name}': ${entry},`,
        '  2. npm run schemas:generate (the content schema gets the new section).',
        `  3. Fill in the props schema, the component, the stories and the test; npx vitest run --project 'unit*' ${scaffold.folder}`,
      ].join('\n')
    : [
        'Next:',
        `  1. Register it in site-config/registry.ts under its layout key or page identifier, in \`blocks\`: e.g. '<key>': ${entry},`,
        "  2. Make its `select` read the props it needs from the page's context (see blocks/kit/chrome/header-block.ts).",
        `  3. Fill in the props schema, the component, the stories and the test; npx vitest run --project 'unit*' ${scaffold.folder}`,
      ].join('\n')
}

const USAGE =
  'Usage: npm run new:block -- <name> [--section [--data]]\n  e.g. npm run new:block -- section-note --section\n       npm run new:block -- section-plan-price --section --data (a section that shows API data)'

/** The command line: returns the exit code. */
export async function main(
  argv: readonly string[],
  rootDir: string,
  log = console.log,
  error = console.error,
): Promise<number> {
  const flags = argv.filter((arg) => arg.startsWith('-'))
  const names = argv.filter((arg) => !arg.startsWith('-'))
  const unknown = flags.filter((flag) => flag !== '--section' && flag !== '--data')
  if (unknown.length > 0 || names.length !== 1) {
    error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE)
    return 1
  }
  try {
    const scaffold = scaffoldBlock(names[0]!, { section: flags.includes('--section'), data: flags.includes('--data') })
    const written = await writeBlockScaffold(rootDir, scaffold)
    log(
      `Wrote ${scaffold.data ? 'section block with data' : scaffold.section ? 'section block' : 'block'} ${scaffold.name}:\n${written.map((file) => `  ${path.relative(process.cwd(), file)}`).join('\n')}`,
    )
    log(nextSteps(scaffold))
    return 0
  } catch (problem) {
    error(problem instanceof Error ? problem.message : String(problem))
    return 1
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), PROJECT_ROOT)
}
