import { BlockRegistry, type SiteDefinition } from '#engine'
import type { Manifest } from '#schemas/engine/manifest.ts'
import { z } from '#schemas/engine/zod.ts'
import { noticeboardBlocks } from './blocks.tsx'
import { noticeboardContentSchema, type NoticeboardContent, type NoticeboardSession } from './content.ts'

export const noticeboardContent: NoticeboardContent = noticeboardContentSchema.parse({
  board: {
    name: 'Elm Street Noticeboard',
    icon: '/elm.png',
    notices: [
      { slug: 'bake-sale', heading: 'Bake sale on Saturday', body: 'Bring a cake; take a cake.' },
      { slug: 'lost-cat', heading: 'Lost: a grey cat', body: 'Answers to Moss.' },
    ],
  },
  layout: { top: 'masthead', bottom: 'colophon' },
  pages: { notices: { intro: 'What is on in the street this week.' } },
})

export const noticeboardManifest: Manifest<'notices' | 'notice'> = {
  routes: [
    { path: '/', page: 'notices', title: 'Notices' },
    { path: '/notices/:slug', page: 'notice', params: { slug: 'notice-slug' } },
  ],
}

export const noticeboardRegistry = new BlockRegistry(noticeboardBlocks)

/** The noticeboard's session: a neighbour when `neighbour` is given. */
export const noticeboardSession = (neighbour?: string): NoticeboardSession =>
  neighbour ? { isAuthenticated: true, neighbour } : { isAuthenticated: false }

/** The noticeboard as the engine sees it; its API answers from memory (it has no server of its own). */
export const noticeboard: SiteDefinition = {
  chrome: (content) => ({
    title: content.board.name,
    favicon: content.board.icon,
    header: content.layout.top,
    landingHeader: content.layout.top,
    footer: content.layout.bottom,
    tracking: false,
  }),
  pageSettings: (content, page) => content.pages[page] ?? {},
  params: {
    'notice-slug': (value, content) => {
      const found = content.board.notices.find((notice) => notice.slug === value)
      return found && { title: found.heading }
    },
  },
  isMember: (session) => session.neighbour !== undefined,
  api: {
    content: () => Promise.resolve(noticeboardContent),
    session: () => Promise.resolve(noticeboardSession()),
    signOut: () => Promise.resolve(),
  },
  contentSchema: {
    load: () => Promise.resolve(z.toJSONSchema(noticeboardContentSchema, { target: 'draft-2020-12', io: 'input' })),
    id: 'https://noticeboard.local/schemas/site-content.json',
    layoutFields: ['layout.top', 'layout.bottom'],
    sectionLists: [],
    pageSettings: 'pages',
  },
}
