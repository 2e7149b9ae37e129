import { describe, expect, it } from 'vitest'
import * as site from '#site-config/entry-server.ts'
import { tenants } from '#site-config/tenants.ts'
import { BLOCK_CHUNKS_PATH } from '#engine'
import { createApp } from './app.ts'
import { createLazyResolver, createManifestResolver, type ViteManifest } from './assets.ts'
import { DATABASES, useTestServer } from './test-harness.ts'

const manifest: ViteManifest = {
  'index.html': { file: 'assets/site.js', isEntry: true, imports: ['_engine.js'], dynamicImports: ['_shell.js'] },
  '_engine.js': { file: 'assets/engine.js' },
  // What every page starts with may load any block when asked: none of that is a block's.
  '_shell.js': { file: 'assets/shell.js', imports: ['_engine.js'], dynamicImports: ['blocks/page-faq/block.ts'] },
  'blocks/page-faq/block.ts': { file: 'assets/faq.js', imports: ['_engine.js'] },
  // A chunk the block imports loads its form's schema when asked.
  '_form.js': { file: 'assets/form.js', imports: ['_engine.js'], dynamicImports: ['blocks/kit/forms/schema.ts'] },
  'blocks/kit/forms/schema.ts': { file: 'assets/form-schema.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'blocks/page-join-now/block.ts': {
    file: 'assets/join.js',
    imports: ['_engine.js', '_shell.js', '_form.js'],
    dynamicImports: ['blocks/page-join-now/props.ts'],
  },
  'blocks/page-join-now/props.ts': { file: 'assets/join-props.js', imports: ['_engine.js', '_zod.js'] },
}

describe('each block’s chunks, for fetching a linked page’s code ahead', () => {
  const server = useTestServer(DATABASES[0])
  const app = () =>
    createApp({
      deps: server.deps,
      tenants,
      loadSite: () => Promise.resolve(site),
      template: () => Promise.resolve('<html><head><!--app-head--></head><body><!--app-html--></body></html>'),
      toolTemplate: () => Promise.resolve('<html><head><!--app-head--></head><body></body></html>'),
      assets: createManifestResolver(manifest),
      lazyAssets: createLazyResolver(manifest),
      buildId: 'build-7',
    })

  it('lists a block’s own chunks and what they import beyond what every page starts with, cached for good', async () => {
    const answer = await app().request(`${BLOCK_CHUNKS_PATH}/build-7.json`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // Its code, and apart what its code loads when asked (its props schema, its form's, with zod).
    const listed = (await answer.json()) as { code: Record<string, string[]>; lazy: Record<string, string[]> }
    expect(listed.code['join-now']).toEqual(['/assets/join.js', '/assets/form.js'])
    expect(listed.lazy['join-now']?.toSorted()).toEqual([
      '/assets/form-schema.js',
      '/assets/join-props.js',
      '/assets/zod.js',
    ])
  })

  it('answers 404 for another build’s list, which a page of that build must not be given', async () => {
    expect((await app().request(`${BLOCK_CHUNKS_PATH}/build-6.json`)).status).toBe(404)
  })
})
