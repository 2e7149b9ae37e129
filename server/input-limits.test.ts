import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { CONTENT_MAX_BYTES } from '#schemas/api/content.ts'
import { addressProblems } from './platform/http/address-check.ts'
import { BODY_MAX_DEPTH } from './platform/http/endpoint.ts'
import { many } from './platform/db/database.ts'
import { DATABASES, EDITOR, useTestServer } from './test-harness.ts'

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] }

describe('the address as text: escapes that are not UTF-8, and NUL', () => {
  it.each([
    ['/api/v4/coupon/validate?coupon=%00&plan_id=101', [['query', 'coupon']]],
    ['/api/x?coupon=%FF', [['query', 'coupon']]],
    ['/api/x?a=%C0%80', [['query', 'a']]],
    ['/api/x?a=%ED%A0%80', [['query', 'a']]],
    ['/api/x?%FF=1&b=ok', [['query', '%FF']]],
    ['/api/v4/plans/%00', [['path']]],
    ['/office/%FF', [['path']]],
  ])('%s is refused at its part', (url, paths) => {
    expect(addressProblems(`http://localhost${url}`).map((issue) => issue.path)).toEqual(paths)
  })

  it.each([
    '/find-a-dentist?zip=90210&name=Jos%C3%A9+Mar%C3%ADa',
    '/office/1001',
    '/?a=%F0%9F%98%80&b=a%2Bb&c',
    '/x?redirect=%2Fdashboard%3Fa%3D1',
  ])('%s is text', (url) => {
    expect(addressProblems(`http://localhost${url}`)).toEqual([])
  })
})

describe.each(DATABASES)('no input gives a 500 (%s)', (kind) => {
  const server = useTestServer(kind)

  const issuePaths = (body: ErrorBody) => body.issues?.map((issue) => issue.path.join('.'))

  it('a 3 kB email at sign-in, a 9 kB one at sign-up and a 60 kB one at contact are 422 at the email, and nothing is stored', async () => {
    const client = server.client()
    const signIn = await client.json<ErrorBody>('/api/login', {
      method: 'POST',
      body: { email: `${'a'.repeat(3000)}@example.com`, password: 'x' },
    })
    expect([signIn.status, issuePaths(signIn.body)]).toEqual([422, ['body.email']])
    const signUp = await client.json<ErrorBody>('/api/v4/member/signup', {
      method: 'POST',
      body: {
        email: `${'b'.repeat(9000)}@example.com`,
        password: 'A-good-password-2026',
        firstName: 'Ann',
        lastName: 'Lee',
      },
    })
    expect([signUp.status, issuePaths(signUp.body)]).toEqual([422, ['body.email']])
    const contact = await client.json<ErrorBody>('/api/v4/contact', {
      method: 'POST',
      body: {
        name: 'Ann',
        email: `${'c'.repeat(60_000)}@example.com`,
        topic: 'other',
        message: 'A question about my plan',
      },
    })
    expect([contact.status, issuePaths(contact.body)]).toEqual([422, ['body.email']])
    expect(contact.body.issues?.[0]?.message).toBe('Use at most 254 characters')
    expect(
      await many(
        server.deps.db,
        z.object({ id: z.number() }),
        'SELECT id FROM contact_messages WHERE length(email) > 254',
      ),
    ).toEqual([])
    // 254 characters is still an address.
    const longest = `${'d'.repeat(64)}@${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(57)}.com`
    expect(longest).toHaveLength(254)
    expect(
      (
        await client.json('/api/v4/contact', {
          method: 'POST',
          body: { name: 'Ann', email: longest, topic: 'other', message: 'A question about my plan' },
        })
      ).status,
    ).toBe(201)
  })

  it('NUL and escapes that are not UTF-8, in an API query or path: 400 in the error shape, naming the part', async () => {
    const client = server.client()
    for (const coupon of ['%00', 'a%00b', '%FF', '%C0%80', '%ED%A0%80']) {
      const { status, body } = await client.json<ErrorBody>(
        `/api/v4/coupon/validate?coupon=${coupon}&plan_id=101&location_id=1001`,
      )
      expect([coupon, status, issuePaths(body)]).toEqual([coupon, 400, ['query.coupon']])
      expect(body.message).toMatch(/^The address is not valid text/)
    }
    for (const path of [
      '/api/v4/plans/%00',
      '/api/v4/plans/%FF',
      '/api/km/group/%ED%A0%80/offices',
      '/api/nowhere/%C0%80',
    ]) {
      const { status, body } = await client.json<ErrorBody>(path)
      expect([path, status, issuePaths(body)]).toEqual([path, 400, ['path']])
    }
    // A NUL in a body is a 422 at its field, as before.
    const contact = await client.json<ErrorBody>('/api/v4/contact', {
      method: 'POST',
      body: { name: 'Ann\u0000', email: 'ann@example.com', topic: 'other', message: 'A question about my plan' },
    })
    expect([contact.status, issuePaths(contact.body)]).toEqual([422, ['body.name']])
  })

  it('the same in a page’s address: a 400 page, never a 500', async () => {
    const client = server.client()
    for (const path of [
      '/office/%FF',
      '/office/%00',
      '/%ED%A0%80',
      '/find-a-dentist?zip=%FF',
      '/directory?name=%00',
      '/?version=%C0%80',
    ]) {
      const response = await client.request(path)
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        400,
        'text/html; charset=UTF-8',
      ])
      expect(await response.text()).toMatch(/<h1>The address is not valid text/)
    }
  })

  it('a body nested deeper than the limit: 422 at the path where it goes too deep (draft content 10,000 deep, any other body)', async () => {
    const editor = await server.staffClient(EDITOR)
    const revision = (await editor.json<{ revision: number }>('/api/cms/working')).body.revision
    const deep = `${'{"a":'.repeat(10_000)}"bottom"${'}'.repeat(10_000)}`
    const draft = await editor.json<ErrorBody>('/api/cms/working', {
      method: 'PUT',
      json: `{"baseRevision":${revision},"content":${deep}}`,
    })
    expect(draft.status).toBe(422)
    expect(draft.body.issues).toEqual([
      {
        path: ['body', 'content', ...Array<string>(BODY_MAX_DEPTH - 1).fill('a')],
        message: `Nest objects and arrays at most ${BODY_MAX_DEPTH} levels deep`,
      },
    ])
    const contact = await server
      .client()
      .json<ErrorBody>('/api/v4/contact', { method: 'POST', json: `{"name":${'['.repeat(3000)}${']'.repeat(3000)}}` })
    expect([contact.status, contact.body.issues?.[0]?.path.slice(0, 3)]).toEqual([422, ['body', 'name', 0]])
  })

  it('draft content over its size: 422 at its largest part, and the draft is unchanged', async () => {
    const editor = await server.staffClient(EDITOR)
    const before = (
      await editor.json<{ content: { header: { variables: Record<string, unknown> } }; revision: number }>(
        '/api/cms/working',
      )
    ).body
    const content = structuredClone(before.content)
    // Two logos, each within its field's limit (700,000 characters), together over the content's.
    const logo = `data:image/png;base64,${'A'.repeat(0.6 * CONTENT_MAX_BYTES)}`
    Object.assign(content.header.variables, { header_log: logo, header_log2: logo })
    const refused = await editor.json<ErrorBody>('/api/cms/working', {
      method: 'PUT',
      body: { content, baseRevision: before.revision },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.issues).toEqual([
      {
        path: ['header', 'variables'],
        message: expect.stringMatching(
          /^The content is 1\.\d MB, more than the 1\.0 MB it may be: this part is 1\.2 MB$/,
        ),
      },
    ])
    expect((await editor.json<{ revision: number }>('/api/cms/working')).body.revision).toBe(before.revision)
    // A logo within its field's limit is still taken.
    Object.assign(content.header.variables, {
      header_log: `data:image/png;base64,${'A'.repeat(1000)}`,
      header_log2: undefined,
    })
    expect(
      (await editor.json('/api/cms/working', { method: 'PUT', body: { content, baseRevision: before.revision } }))
        .status,
    ).toBe(200)
  })
})
