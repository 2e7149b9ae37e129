/** Throw-away blocks and data for the engine's own tests, on the engine's test site (test-site.ts; never shipped). */
import { contract } from '#schemas/engine/contract.ts'
import { z } from '#schemas/engine/zod.ts'
import type { DataSources } from './data-sources.ts'
import type { EngineMode, EngineValue } from './engine-context.tsx'
import { serverSanitize } from './server/purify.ts'
import { createPathTo } from './paths.ts'
import { defineBlock, type Block, type RegistryBlocks } from './block.ts'
import { BlockRegistry } from './registry.ts'
import type { SiteDefinition, SiteManifest } from './site.ts'
import {
  testContentSchema,
  testManifestSchema,
  type TestConfig,
  type TestContent,
  type TestSession,
} from './test-site.ts'

export const testConfig: TestConfig = {
  companyName: 'Test Co',
  siteSlug: 'demo',
  idleAuthMilliseconds: 1000,
  idleSessionMilliseconds: 2000,
  buildId: 'test',
}

export const testContent: TestContent = testContentSchema.parse({
  title: 'Test Site',
  layout: { header: '1_header', landing_header: 'landing_header', footer: '1_footer' },
  landing_pages: [{ slug: 'offer', title: 'Big offer' }],
  pages: {},
})

/** A block rendering a labelled element with the text it selected from the context. */
export const textBlock = (name: string, pick: (content: TestContent) => string = () => name): Block =>
  defineBlock({
    name,
    title: name,
    schema: z.object({ text: z.string() }),
    select: (context) => ({ text: pick(context.content) }),
    load: () => Promise.resolve({ default: ({ text }: { text: string }) => <p data-testid={name}>{text}</p> }),
  })

/** A block that throws while rendering. */
export const failingBlock: Block = defineBlock({
  name: 'failing',
  title: 'Failing',
  schema: z.object({}),
  select: () => ({}),
  load: () =>
    Promise.resolve({
      default: function Failing(): never {
        throw new Error('The failing block failed')
      },
    }),
})

const header = textBlock('header', (content) => `Header of ${content.title}`)
const footer = textBlock('footer', () => 'Footer')

export const testBlocks = {
  '1_header': header,
  '2_header': header,
  '3_header': header,
  '4_header': header,
  nx_header_1: header,
  landing_header: textBlock('landing-header'),
  '1_footer': footer,
  '2_footer': footer,
  nx_footer_1: footer,
  home: textBlock('home-page'),
  office: textBlock('office-page'),
  landing: textBlock('landing-page'),
  'member-login': textBlock('login-page'),
} satisfies RegistryBlocks

export const testManifest: SiteManifest = testManifestSchema.parse({
  routes: [
    { path: '/', page: 'home', title: 'Home' },
    { path: '/office/:officeId', page: 'office', title: 'Office', params: { officeId: 'positive-int' } },
    { path: '/member-login', page: 'member-login', title: 'Member Login', redirectWhenSignedIn: '/dashboard' },
    { path: '/faq', page: 'faq', title: 'FAQ' },
    { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
  ],
})

/** In-memory data sources: published content, a `working` draft, and a fixed session. */
export function testSources(options: { session?: TestSession; versions?: Record<string, TestContent> } = {}) {
  const calls: (string | undefined)[] = []
  const versions: Record<string, TestContent> = { working: testContent, ...options.versions }
  const sources: DataSources = {
    content(version) {
      calls.push(version)
      if (version === undefined) return Promise.resolve(testContent)
      const content = versions[version]
      return content ? Promise.resolve(content) : Promise.reject(new Error(`Unknown content version ${version}`))
    },
    session: () => Promise.resolve(options.session ?? { isAuthenticated: false }),
  }
  return { sources, calls }
}

/** The test site as the engine sees it: where its chrome is, and who is a member (a member session, not an editor's). */
export const testSite: SiteDefinition = {
  chrome: (content) => ({
    title: content.title,
    favicon: content.favicon,
    header: content.layout.header,
    landingHeader: content.layout.landing_header,
    footer: content.layout.footer,
    tracking: true,
  }),
  pageSettings: (content, page) => content.pages[page] ?? {},
  params: {
    'landing-slug': (value, content) => {
      const landing = content.landing_pages.find((page) => page.slug === value)
      return landing && { title: landing.title }
    },
  },
  isMember: (session) => session.isAuthenticated && session.role === 'member',
  // The engine's tests give their data through test sources (testSources); a browser test that
  // reaches the site's API gets the test content, signed out.
  api: {
    content: () => Promise.resolve(testContent),
    session: () => Promise.resolve({ isAuthenticated: false }),
    signOut: () => Promise.resolve(),
  },
  contentSchema: {
    load: () => Promise.resolve(z.toJSONSchema(testContentSchema, { target: 'draft-2020-12', io: 'input' })),
    id: 'https://engine-test-site.local/schemas/site-content.json',
    layoutFields: ['layout.header', 'layout.footer', 'layout.landing_header'],
    sectionLists: ['landing_pages[].sections'],
    pageSettings: 'pages',
  },
}

/** The engine's context for a test render. */
export function testEngine(
  registry: BlockRegistry = new BlockRegistry(testBlocks),
  mode: EngineMode = 'production',
): EngineValue {
  return {
    registry,
    site: testSite,
    mode,
    config: testConfig,
    sources: testSources().sources,
    pathTo: createPathTo(testManifest),
    sanitize: serverSanitize,
    locale: 'en',
  }
}

/** A contract of the engine's tests: renames an item (a POST with params and a body). */
export const renameApi = contract({
  method: 'post',
  path: '/api/items/:id/name',
  summary: 'Renames an item',
  tags: [],
  access: 'public',
  params: z.object({ id: z.number() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string() }),
})
