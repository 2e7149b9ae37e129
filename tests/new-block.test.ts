import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import * as prettier from 'prettier'
import { blockNameProblem, main, scaffoldBlock, writeBlockScaffold } from '../scripts/new-block.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

const temps: string[] = []
const tempRoot = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'new-block-'))
  temps.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const byFile = (name: string, section = false) =>
  Object.fromEntries(scaffoldBlock(name, { section }).files.map((file) => [path.basename(file.path), file.text]))

describe('npm run new:block', () => {
  it('scaffolds the five files of a section block in a folder named after it', () => {
    const scaffold = scaffoldBlock('section-opening-hours', { section: true })
    expect(scaffold.folder).toBe('blocks/section-opening-hours')
    expect(scaffold.files.map((file) => file.path)).toEqual([
      'blocks/section-opening-hours/props.ts',
      'blocks/section-opening-hours/block.ts',
      'blocks/section-opening-hours/section-opening-hours.tsx',
      'blocks/section-opening-hours/section-opening-hours.stories.tsx',
      'blocks/section-opening-hours/section-opening-hours.test.tsx',
    ])
  })

  it('names the schema, the registration and the component after the block', () => {
    const files = byFile('section-opening-hours', true)
    const props = files['props.ts']!
    expect(props).toContain('export const sectionOpeningHoursPropsSchema = z.object(')
    expect(props).toContain('export type SectionOpeningHoursProps = z.output<typeof sectionOpeningHoursPropsSchema>')
    const block = files['block.ts']!
    expect(block).toContain("import { defineSectionBlock } from '#engine'")
    // The block loads its schema: zod stays out of a page's start.
    expect(block).toContain(
      "schema: () => import('./props.ts').then((module) => module.sectionOpeningHoursPropsSchema),",
    )
    expect(block).not.toContain('zod')
    expect(block).toContain('export const sectionOpeningHours = defineSectionBlock({')
    expect(block).toContain("name: 'section-opening-hours',")
    expect(block).toContain("title: 'Opening hours',")
    expect(block).toContain("import * as component from './section-opening-hours.tsx'")
    expect(block).toContain('load: () => component,')

    const component = files['section-opening-hours.tsx']!
    expect(component).toContain("import type { SectionOpeningHoursProps } from './props.ts'")
    expect(component).toContain(
      'export default function SectionOpeningHours({ title, text }: SectionOpeningHoursProps)',
    )

    const stories = files['section-opening-hours.stories.tsx']!
    expect(stories).toContain("title: 'Sections/section-opening-hours · Opening hours',")
    expect(stories).toContain('component: SectionOpeningHours,')
    expect(stories).toContain('args: {')
    expect(stories).toContain('argTypes: argTypesFromSchema(sectionOpeningHoursPropsSchema),')
    expect(stories).toContain('satisfies Meta<typeof SectionOpeningHours>')

    const test = files['section-opening-hours.test.tsx']!
    expect(test.startsWith('// @vitest-environment jsdom\n')).toBe(true)
    expect(test).toContain("import { cleanup, render, screen } from '@testing-library/react'")
    expect(test).toContain("import SectionOpeningHours from './section-opening-hours.tsx'")
    expect(test).toContain("screen.getByRole('heading', { level: 2, name: 'Closed on Monday' })")
  })

  it('scaffolds a section that shows API data with its queries, declared as its data (tests/new-block-data.test.ts renders it)', () => {
    const scaffold = scaffoldBlock('section-plan-price', { section: true, data: true })
    expect(scaffold.files.map((file) => path.basename(file.path))).toEqual([
      'props.ts',
      'queries.ts',
      'block.ts',
      'section-plan-price.tsx',
      'section-plan-price.stories.tsx',
      'section-plan-price.test.tsx',
    ])
    const block = scaffold.files.find((file) => file.path.endsWith('block.ts'))!.text
    expect(block).toContain('data: (props) => [sectionPlanPriceQuery(props)],')
    const view = scaffold.files.find((file) => file.path.endsWith('section-plan-price.tsx'))!.text
    expect(view).toContain('useApiQuery(sectionPlanPriceQuery(props))')
  })

  it('registers a block that is not a section with defineBlock and a select', () => {
    const block = byFile('promo-banner')['block.ts']!
    expect(block).toContain('export const promoBanner = defineBlock({')
    expect(block).toContain("name: 'promo-banner',")
    expect(block).toContain('select: (context) =>')
    expect(block).not.toContain('defineSectionBlock')
    expect(byFile('promo-banner')['promo-banner.stories.tsx']).toContain("title: 'Blocks/promo-banner · Promo banner',")
  })

  it.each([
    ['SectionNote', true, 'not a kebab-case name'],
    ['section_note', true, 'not a kebab-case name'],
    ['section--note', true, 'not a kebab-case name'],
    ['-note', false, 'not a kebab-case name'],
    ['2-col', false, 'not a kebab-case name'],
    ['../kit', false, 'not a kebab-case name'],
    ['', false, 'not a kebab-case name'],
    ['kit', false, 'reserved'],
    ['note', true, 'starts with "section-"'],
    ['section-note', false, 'add --section'],
  ])('refuses %j (section: %s)', (name, section, message) => {
    expect(blockNameProblem(name, section)).toContain(message)
    expect(() => scaffoldBlock(name, { section })).toThrow(message)
  })

  it('writes the files formatted as the project formats code, and refuses a folder that exists', async () => {
    const root = tempRoot()
    const written = await writeBlockScaffold(root, scaffoldBlock('section-note', { section: true }))
    expect(written).toHaveLength(5)
    expect(readdirSync(path.join(root, 'blocks/section-note')).sort()).toEqual([
      'block.ts',
      'props.ts',
      'section-note.stories.tsx',
      'section-note.test.tsx',
      'section-note.tsx',
    ])
    expect(readFileSync(path.join(root, 'blocks/section-note/block.ts'), 'utf8')).toContain("name: 'section-note'")
    // `prettier --check` (part of npm test) passes on a block as written, whatever the length of its name.
    for (const name of ['section-note', 'section-opening-hours-of-the-office']) {
      const files =
        name === 'section-note'
          ? written
          : await writeBlockScaffold(root, scaffoldBlock(name, { section: true, data: true }))
      for (const file of files) {
        const options = await prettier.resolveConfig(path.join(ROOT, 'blocks', name, path.basename(file)))
        expect(await prettier.check(readFileSync(file, 'utf8'), { ...options, filepath: file }), file).toBe(true)
      }
    }
    await expect(writeBlockScaffold(root, scaffoldBlock('section-note', { section: true }))).rejects.toThrow(
      'blocks/section-note/ exists already',
    )
  })

  it('exits with 1 and a message for a bad name, an existing folder or bad arguments; prints the next step', async () => {
    const root = tempRoot()
    mkdirSync(path.join(root, 'blocks/section-faq'), { recursive: true })
    const run = async (...argv: string[]) => {
      const output: string[] = []
      const code = await main(
        argv,
        root,
        (line: string) => output.push(line),
        (line: string) => output.push(line),
      )
      return { code, output: output.join('\n') }
    }
    expect(await run('section-faq', '--section')).toEqual({
      code: 1,
      output: 'blocks/section-faq/ exists already: choose another name, or edit that block',
    })
    expect(await run('Bad Name')).toMatchObject({ code: 1, output: expect.stringContaining('not a kebab-case name') })
    expect(await run()).toMatchObject({
      code: 1,
      output: expect.stringContaining('Usage: npm run new:block -- <name> [--section [--data]]'),
    })
    expect(await run('promo-banner', '--data')).toMatchObject({
      code: 1,
      output: expect.stringContaining('--data scaffolds a section that shows API data: add --section'),
    })
    expect(await run('a', 'b')).toMatchObject({ code: 1, output: expect.stringContaining('Usage:') })
    expect(await run('section-x', '--sections')).toMatchObject({
      code: 1,
      output: expect.stringContaining('Unknown option --sections'),
    })
    const ok = await run('--section', 'section-note')
    expect(ok.code).toBe(0)
    expect(ok.output).toContain('section-note.stories.tsx')
    expect(ok.output).toContain(
      "'section-note': () => import('#blocks/section-note/block.ts').then((module) => module.sectionNote),",
    )
    expect(ok.output).toContain('site-config/registry.ts')
    expect(ok.output).toContain('npm run schemas:generate')
  })
})
