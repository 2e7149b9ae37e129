import { BlockRegistry, defineBlock, type AnyApiQuery, type Block } from '#engine'
import type { CmsContent, Section } from '#schemas/cms.ts'
import { z } from '#schemas/engine/zod.ts'

/**
 * For a section block's tests: the queries a page made of these sections runs for them, as the
 * engine's page loader does (each section's props read by its own schema, then its `data`).
 */
export async function sectionQueries(
  sectionBlocks: Record<string, Block>,
  sections: readonly Section[],
  content: CmsContent,
): Promise<readonly AnyApiQuery[]> {
  const page = defineBlock({
    name: 'sections',
    title: 'Sections',
    schema: z.object({}),
    select: () => ({}),
    sections: () => sections,
    load: () => ({ default: () => null }),
  })
  const registry = new BlockRegistry({ ...sectionBlocks, home: page })
  await registry.preload(['home'], { schemas: false })
  return registry.pageQueries('home', {
    page: 'home',
    params: {},
    search: {},
    session: { isAuthenticated: false },
    content,
  })
}
