// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { BlockRegistry, defineSectionBlock } from '#engine'
import { argTypesFromSchema, siteContentSchema } from '#engine/tools'
import { blocks } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { BlockGallery } from '../playground/gallery.tsx'

afterEach(cleanup)

/** What a developer writes to add a block: a props schema, a component, a registration. */
const noteSchema = z.object({
  text: z.string().check(z.minLength(1, 'Write the note'), z.describe('Note text')),
  tone: z._default(z.enum(['info', 'warning']), 'info').check(z.describe('Tone')),
})
const sectionNote = defineSectionBlock({
  name: 'section-note',
  title: 'Note',
  description: 'A short highlighted note.',
  schema: noteSchema,
  load: () => Promise.resolve({ default: ({ text }: z.output<typeof noteSchema>) => <aside>{text}</aside> }),
})
const registry = new BlockRegistry({ ...blocks, 'section-note': sectionNote })

type Node = Record<string, unknown>
function findNode(value: unknown, test: (node: Node) => boolean): Node | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (!Array.isArray(value) && test(value as Node)) return value as Node
  for (const child of Object.values(value)) {
    const found = findNode(child, test)
    if (found) return found
  }
  return undefined
}

describe('adding a block', () => {
  it('puts it in the site’s content schema, with the form of its props schema', async () => {
    const schema = await siteContentSchema(site.contentSchema, registry)
    const text = JSON.stringify(schema)
    expect(text).toContain('"const":"section-note"')
    const note = findNode(schema, (node) => node.title === 'Note' && typeof node.properties === 'object')
    const props = (note?.properties as { props: { properties: Record<string, unknown> } }).props
    expect(Object.keys(props.properties)).toEqual(['text', 'tone'])
  })

  it('shows it in the playground’s block gallery with its settings', async () => {
    // The gallery waits for the blocks' definitions (the site's are loaders).
    await act(async () => {
      render(
        <Suspense>
          <BlockGallery registry={registry} />
        </Suspense>,
      )
      await registry.definitionsByKey()
    })
    const card = screen.getByText('Note').closest('li')!
    expect(card.textContent).toContain('section-note')
    expect(card.textContent).toContain('A short highlighted note.')
    expect(card.textContent).toContain('Settings: text, tone')
  })

  it('gives Storybook controls from its props schema', () => {
    expect(argTypesFromSchema(noteSchema)).toEqual({
      text: { control: 'text', description: 'Note text' },
      tone: { control: 'select', options: ['info', 'warning'], description: 'Tone' },
    })
  })

  it('renders it from content, its props checked by its schema', async () => {
    const render = await sectionNote.load()
    expect(() => render({ text: '' })).toThrow('Write the note')
    expect(render({ text: 'Closed on Monday' }).props).toMatchObject({ text: 'Closed on Monday', tone: 'info' })
  })
})
