import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Block } from '#engine'
import { blockModules, blocks, registry } from '#site-config/registry.ts'

/**
 * Every registered block lives in its own folder, named as the block: the server finds the
 * chunks to preload by `blockModules(block.name)`, Storybook finds its stories there.
 */

/** Each block folder's registrations (the Block values its block.ts exports), to tell which folder a registered block comes from. */
async function blocksByFolder(): Promise<Map<Block, string>> {
  const byBlock = new Map<Block, string>()
  const folders = readdirSync('blocks', { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && existsSync(`blocks/${entry.name}/block.ts`),
  )
  for (const folder of folders) {
    const module = (await import(`../blocks/${folder.name}/block.ts`)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      if (typeof value === 'object' && value !== null && 'load' in value && 'schema' in value && 'name' in value)
        byBlock.set(value as Block, folder.name)
    }
  }
  return byBlock
}

const registered = await registry.definitionsByKey()

describe('registered blocks and their files', () => {
  it('registers every key as the loader of its definition, so a page loads only the definitions it renders', () => {
    for (const [key, entry] of Object.entries(blocks)) expect(typeof entry, key).toBe('function')
    expect(registered.map(([key]) => key)).toEqual(Object.keys(blocks))
  })

  it.each(registered)('%s: blocks/{name}/ has block.ts, the component module and a story', (_key, block) => {
    expect(block.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
    expect(existsSync(`blocks/${block.name}`), `blocks/${block.name}/`).toBe(true)
    expect(existsSync(`blocks/${block.name}/block.ts`), `blocks/${block.name}/block.ts`).toBe(true)
    expect(blockModules(block.name)).toEqual([
      `blocks/${block.name}/block.ts`,
      `blocks/${block.name}/${block.name}.tsx`,
    ])
    for (const module of blockModules(block.name)) expect(existsSync(module), module).toBe(true)
    expect(
      existsSync(`blocks/${block.name}/${block.name}.stories.tsx`),
      `blocks/${block.name}/${block.name}.stories.tsx`,
    ).toBe(true)
  })

  it('names each block after the folder its block.ts is in', async () => {
    const folders = await blocksByFolder()
    for (const [key, block] of registered) {
      expect(folders.get(block), `the block registered under ${key} comes from no blocks/*/block.ts`).toBeDefined()
      expect(block.name, `the block registered under ${key}`).toBe(folders.get(block))
    }
  })

  it('loads each block’s component from its module', async () => {
    for (const [, block] of registered) {
      const render = await block.load()
      expect(typeof render).toBe('function')
    }
  })
})
