// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import type { BlockContext } from './block-context.ts'
import { BlockSlot } from './block-slot.tsx'
import { EngineContext, type EngineMode } from './engine-context.tsx'
import { defineBlock } from './block.ts'
import { BlockRegistry } from './registry.ts'
import { createPathTo } from './paths.ts'
import {
  failingBlock,
  testBlocks,
  testConfig,
  testContent,
  testEngine,
  testManifest,
  textBlock,
} from './test-helpers.tsx'

afterEach(cleanup)

const context: BlockContext = {
  content: testContent,
  session: { isAuthenticated: false },
  config: testConfig,
  locale: 'en',
  pathname: '/',
  search: new URLSearchParams(),
  params: {},
  query: {},
  pathTo: createPathTo(testManifest),
  pageClass: 'page',
}

async function renderSlots(keys: string[], registry: BlockRegistry, mode: EngineMode) {
  await registry.preload(keys)
  return render(
    <EngineContext value={testEngine(registry, mode)}>
      {keys.map((key) => (
        <BlockSlot key={key} blockKey={key} context={context} />
      ))}
    </EngineContext>,
  )
}

describe('defineBlock', () => {
  const block = defineBlock({
    name: 'greeting',
    title: 'Greeting',
    schema: z.object({ name: z.string().check(z.minLength(1, 'Name is required')) }),
    select: () => ({ name: 'Ada' }),
    load: () => Promise.resolve({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }),
  })

  it('renders the component with props parsed by its schema', async () => {
    const renderBlock = await block.load()
    render(renderBlock({ name: 'Ada' }))
    expect(screen.getByText('Hello Ada')).toBeTruthy()
  })

  it('refuses props that fail the schema, with each problem at its path', async () => {
    const renderBlock = await block.load()
    expect(() => renderBlock({ name: '' })).toThrow(ValidationError)
    expect(() => renderBlock({})).toThrow(
      'Validation error: Invalid input: expected string, received undefined at "name"',
    )
  })
})

describe('defineBlock: props checked once while they stay the same', () => {
  it('parses again only when a value of the input changes, and still refuses bad props', async () => {
    const checked: string[] = []
    const block = defineBlock({
      name: 'counted',
      title: 'Counted',
      schema: z.object({
        name: z.string().check(z.refine((name) => (checked.push(name), name.length > 0), 'Name is required')),
        tags: z.array(z.string()),
      }),
      select: () => ({ name: 'Ada', tags: [] }),
      load: () => Promise.resolve({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }),
    })
    const renderBlock = await block.load()
    const tags = ['a']
    render(renderBlock({ name: 'Ada', tags }))
    // A new object with the same values (the same content, path and session on the next request).
    render(renderBlock({ name: 'Ada', tags }))
    expect(checked).toEqual(['Ada'])
    expect(screen.getAllByText('Hello Ada')).toHaveLength(2)
    // Another array with the same items is another value: checked again.
    render(renderBlock({ name: 'Ada', tags: ['a'] }))
    render(renderBlock({ name: 'Grace', tags }))
    expect(checked).toEqual(['Ada', 'Ada', 'Grace'])
    expect(screen.getByText('Hello Grace')).toBeTruthy()
    expect(() => renderBlock({ name: '', tags })).toThrow('Name is required')
    expect(() => renderBlock({ name: 'Grace', tags, extra: 1 })).not.toThrow()
    expect(checked).toEqual(['Ada', 'Ada', 'Grace', '', 'Grace'])
  })
})

describe('BlockRegistry', () => {
  it('loads a block chunk once, however many ask at the same time', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>once</p> }))
    const block = defineBlock({ name: 'once', title: 'Once', schema: z.object({}), select: () => ({}), load })
    const registry = new BlockRegistry({ home: block })
    await Promise.all([registry.load('home'), registry.load('home'), registry.preload(['home', 'home'])])
    expect(load).toHaveBeenCalledTimes(1)
    expect(registry.peek('home')).toBeTypeOf('function')
  })

  it('tries a failed chunk again on the next load', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactElement }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: () => <p>second time</p> })
    const block = defineBlock({ name: 'flaky', title: 'Flaky', schema: z.object({}), select: () => ({}), load })
    const registry = new BlockRegistry({ home: block })
    await expect(registry.load('home')).rejects.toThrow('Failed to fetch')
    await expect(registry.load('home')).resolves.toBeTypeOf('function')
  })

  it('skips unknown keys when preloading and lists only registered keys', async () => {
    const registry = new BlockRegistry(testBlocks)
    await expect(registry.preload(['nope', '1_header'])).resolves.toBeUndefined()
    expect(registry.has('nope')).toBe(false)
    expect(registry.has('toString')).toBe(false)
    await expect(registry.definition('toString')).resolves.toBeUndefined()
    await expect(registry.load('nope')).rejects.toThrow('No block is registered under "nope"')
    expect(registry.keys()).toContain('nx_footer_1')
  })

  it('loads a definition registered as a loader only when a page needs it, once for every key it is under', async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> }))
    const shared = defineBlock({
      name: 'shared',
      title: 'Shared',
      schema: z.object({ text: z.string() }),
      select: () => ({ text: 'hi' }),
      load,
    })
    const definition = vi.fn(() => Promise.resolve(shared))
    const registry = new BlockRegistry({ ...testBlocks, home: definition, faq: definition })
    expect(registry.has('home')).toBe(true)
    expect(registry.loadedDefinition('home')).toBeUndefined()
    expect(definition).not.toHaveBeenCalled()
    await registry.preload(['home', 'faq'])
    expect(registry.loadedDefinition('faq')).toBe(shared)
    expect(registry.peek('home')).toBe(registry.peek('faq'))
    expect(load).toHaveBeenCalledTimes(1)
    expect(registry.peek('home')?.select(context)).toEqual({ text: 'hi' })
    // The tools see every definition, with their titles, once loaded.
    expect((await registry.definitionsByKey()).find(([key]) => key === 'home')?.[1].title).toBe('Shared')
  })

  it('tries a definition that could not be loaded again on the next load', async () => {
    const definition = vi
      .fn<() => Promise<ReturnType<typeof textBlock>>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(textBlock('second time'))
    const registry = new BlockRegistry({ ...testBlocks, home: definition })
    await expect(registry.load('home')).rejects.toThrow('Failed to fetch')
    await expect(registry.load('home')).resolves.toBeTypeOf('function')
  })
})

describe('BlockSlot', () => {
  it('marks the block root with data-block="{key}"', async () => {
    const { container } = await renderSlots(['1_header'], new BlockRegistry(testBlocks), 'production')
    const root = container.querySelector('[data-block="1_header"]')
    expect(root?.textContent).toBe('Header of Test Site')
  })

  it('shows a clear error for an unknown key in development', async () => {
    await renderSlots(['nope'], new BlockRegistry(testBlocks), 'development')
    expect(screen.getByRole('alert').textContent).toContain(
      'No block is registered under "nope". Registered keys: 1_header, 2_header',
    )
  })

  it('shows a contained, visible notice for an unknown key in production', async () => {
    const { container } = await renderSlots(['nope', '1_footer'], new BlockRegistry(testBlocks), 'production')
    expect(screen.getByRole('note').textContent).toBe('This part of the page is not available right now.')
    expect(container.querySelector('[data-block="nope"] [data-block-error="nope"]')).toBeTruthy()
    expect(screen.getByTestId('footer').textContent).toBe('Footer')
  })

  it('contains a failing block: the blocks around it still render', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const registry = new BlockRegistry({ ...testBlocks, home: failingBlock })
    await renderSlots(['1_header', 'home', '1_footer'], registry, 'production')
    expect(screen.getByTestId('header')).toBeTruthy()
    expect(screen.getByTestId('footer')).toBeTruthy()
    expect(screen.getByRole('note').textContent).toBe('This part of the page is not available right now.')
    expect(errors).toHaveBeenCalledWith('Block "home" failed to render', expect.any(Error), expect.any(String))
    errors.mockRestore()
  })

  it('shows a block whose content fails its props schema as an error in development', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const strict = defineBlock({
      name: 'strict',
      title: 'Strict',
      // The input side is unknown, so select may hand over anything, as content can.
      schema: z.object({ count: z.pipe(z.unknown(), z.number()) }),
      select: () => ({ count: 'many' }),
      load: () => Promise.resolve({ default: ({ count }: { count: number }) => <p>{count}</p> }),
    })
    await renderSlots(['home'], new BlockRegistry({ ...testBlocks, home: strict }), 'development')
    expect(screen.getByRole('alert').textContent).toContain(
      'Validation error: Invalid input: expected number, received string at "count"',
    )
    errors.mockRestore()
  })

  it.each([
    ['a block', () => textBlock('late')],
    ['a loader of its definition', () => () => Promise.resolve(textBlock('late'))],
  ])('renders a block that was not preloaded once its chunk arrives (registered as %s)', async (_kind, entry) => {
    const registry = new BlockRegistry({ ...testBlocks, home: entry() })
    expect(registry.peek('home')).toBeUndefined()
    await act(async () => {
      render(
        <EngineContext value={testEngine(registry)}>
          <BlockSlot blockKey="home" context={context} />
        </EngineContext>,
      )
      await registry.load('home')
    })
    expect(screen.getByTestId('late').textContent).toBe('late')
  })
})
