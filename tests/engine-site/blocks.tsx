import { useState } from 'react'
import { defineBlock, Link, type CompleteRegistryBlocks } from '#engine'
import { z } from '#schemas/engine/zod.ts'

/** The header: the board's name, linking home. */
const masthead = defineBlock({
  name: 'masthead',
  title: 'Masthead',
  schema: z.object({ name: z.string() }),
  select: (context) => ({ name: context.content.board.name }),
  load: () => ({
    default: ({ name }: { name: string }) => (
      <header>
        <Link to="/">{name}</Link>
      </header>
    ),
  }),
})

/** The footer: the street the board serves (public configuration). */
const colophon = defineBlock({
  name: 'colophon',
  title: 'Colophon',
  schema: z.object({ street: z.string() }),
  select: (context) => ({ street: context.config.street }),
  load: () => ({ default: ({ street }: { street: string }) => <footer>A noticeboard for {street}</footer> }),
})

const noticesSchema = z.object({
  intro: z.string(),
  notices: z.array(z.object({ href: z.string(), heading: z.string() })),
  neighbour: z.optional(z.string()),
})

/** The notices: each links to its page; a "thanks" button counts (it works once the page is hydrated). */
function Notices({ intro, notices, neighbour }: z.output<typeof noticesSchema>) {
  const [thanks, setThanks] = useState(0)
  return (
    <main>
      <h1>Notices</h1>
      <p>{neighbour ? `Welcome back, ${neighbour}. ${intro}` : intro}</p>
      <ul>
        {notices.map((notice) => (
          <li key={notice.href}>
            <Link to={notice.href}>{notice.heading}</Link>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setThanks(thanks + 1)}>
        Thanks ({thanks})
      </button>
    </main>
  )
}

const notices = defineBlock({
  name: 'notices',
  title: 'Notices',
  schema: noticesSchema,
  select: (context) => ({
    intro: context.content.pages.notices?.intro ?? 'What is on in the street.',
    notices: context.content.board.notices.map(({ slug, heading }) => ({
      href: context.pathTo('notice', { slug }),
      heading,
    })),
    neighbour: context.session.neighbour,
  }),
  load: () => ({ default: Notices }),
})

const noticeSchema = z.object({ heading: z.string(), body: z.string() })

/** One notice, by the slug in the path (the site's parameter rule checked it exists). */
const notice = defineBlock({
  name: 'notice',
  title: 'Notice',
  schema: noticeSchema,
  select: (context) => {
    const found = context.content.board.notices.find((item) => item.slug === context.params.slug)
    return { heading: found?.heading ?? '', body: found?.body ?? '' }
  },
  load: () => ({
    default: ({ heading, body }: z.output<typeof noticeSchema>) => (
      <main>
        <h1>{heading}</h1>
        <p>{body}</p>
      </main>
    ),
  }),
})

export const noticeboardBlocks = { masthead, colophon, notices, notice } satisfies CompleteRegistryBlocks
