import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABASES,
  defaultTenant,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  startTestServer,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

type Draft = { content: Record<string, unknown> & { header: { variables: Record<string, unknown> } }; revision: number }

describe.each(DATABASES)('the content API (%s)', (kind) => {
  let server: TestServer
  let editor: TestClient
  beforeAll(async () => {
    server = await startTestServer(kind)
    editor = await server.staffClient(EDITOR)
  }, 60_000)
  afterAll(() => server.close())

  const published = async () =>
    (await server.client().json<{ header: { variables: { header_phone_number?: string } } }>('/api/cms')).body

  it('answers the published content to everyone, and a draft only to content managers or a preview link', async () => {
    expect((await published()).header.variables.header_phone_number).toBe('800-555-0142')
    expect(await server.client().json('/api/cms?version=working')).toMatchObject({
      status: 403,
      body: { message: 'Only content managers, or a preview link, can see the unpublished version' },
    })
    const member = await server.client().login(MEMBER)
    expect((await member.json('/api/cms?version=working')).status).toBe(403)
    expect((await editor.json('/api/cms?version=working')).status).toBe(200)
    expect(await server.client().json('/api/cms?version=999')).toMatchObject({
      status: 404,
      body: { message: 'Unknown content version 999' },
    })
    expect((await server.client().json('/api/cms?version=drop%20table')).status).toBe(422)
  })

  it('gives members 403 and the anonymous 401 on every editing path', async () => {
    const member = await server.client().login(MEMBER)
    for (const [method, path] of [
      ['GET', '/api/cms/working'],
      ['PUT', '/api/cms/working'],
      ['POST', '/api/cms/publish'],
      ['GET', '/api/cms/versions'],
      ['POST', '/api/cms/versions/1/restore'],
      ['POST', '/api/cms/preview-token'],
      ['POST', '/api/cms/preview-token/revoke'],
    ] as const) {
      const body = method === 'GET' ? undefined : {}
      expect((await member.json(path, { method, body })).status, `${method} ${path}`).toBe(403)
      expect((await server.client().json(path, { method, body })).status, `${method} ${path}`).toBe(401)
    }
  })

  it('saves a draft, refuses an invalid one with each problem at its path, and publishes it at once', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    const invalid = structuredClone(draft.content)
    invalid.header.variables.header_phone_link = '555-0100'
    invalid.header.variables.header_menu = [{ link: '/faq' }]
    invalid.layout = { header: 'mystery', footer: '1_footer' }
    const refused = await editor.json<{ message: string; issues: { path: (string | number)[] }[] }>(
      '/api/cms/working',
      { method: 'PUT', body: { content: invalid, baseRevision: draft.revision } },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.message).toMatch(/^Validation error: /)
    expect(refused.body.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining([
        'header.variables.header_phone_link',
        'header.variables.header_menu.0.title',
        'layout.header',
      ]),
    )
    expect((await editor.json<Draft>('/api/cms/working')).body.revision).toBe(draft.revision)

    const changed = structuredClone(draft.content)
    changed.header.variables.header_phone_number = '888-555-0100'
    const saved = await editor.json<Draft>('/api/cms/working', {
      method: 'PUT',
      body: { content: changed, baseRevision: draft.revision },
    })
    expect(saved).toMatchObject({ status: 200, body: { revision: draft.revision + 1 } })
    expect((await published()).header.variables.header_phone_number).toBe('800-555-0142')
    const publishedVersion = await editor.json<{ id: number }>('/api/cms/publish', {
      method: 'POST',
      body: { note: 'New phone number' },
    })
    expect(publishedVersion.status).toBe(201)
    expect((await published()).header.variables.header_phone_number).toBe('888-555-0100')
    const { body } = await editor.json<{ versions: { id: number; note: string; publishedBy: string }[] }>(
      '/api/cms/versions',
    )
    expect(body.versions[0]).toMatchObject({
      id: publishedVersion.body.id,
      note: 'New phone number',
      publishedBy: EDITOR.email,
    })
  })

  it('refuses to publish a promise the membership policy does not keep, at its field; the policy’s words publish', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    type Page = { sections: { props: { title?: string; body?: string } }[] }
    const changed = structuredClone(draft.content) as Draft['content'] & { pages: Record<string, Page> }
    const index = changed.pages['terms']!.sections.findIndex(
      (section) => section.props.title === '4. Cancelling and refunds',
    )
    changed.pages['terms']!.sections[index]!.props.body =
      '<p>If you cancel within 14 days of joining, we refund all fees, and no partial refund is due after that.</p>'
    const saved = await editor.json<Draft>('/api/cms/working', {
      method: 'PUT',
      body: { content: changed, baseRevision: draft.revision },
    })
    expect(saved.status).toBe(200)
    const refused = await editor.json<{ message: string; issues: { path: (string | number)[]; message: string }[] }>(
      '/api/cms/publish',
      { method: 'POST', body: { note: 'Shorter refund window' } },
    )
    expect(refused.status).toBe(422)
    const field = ['pages', 'terms', 'sections', index, 'props', 'body']
    expect(refused.body.issues).toEqual([
      {
        path: field,
        message:
          'This promises a refund within 14 days; the policy’s refund window is 30 days. Write {policy.refund_window_days} to say what the policy does.',
      },
      {
        path: field,
        message:
          'This says there is no partial refund, but in Arizona the policy refunds the unused months of a yearly membership: say so ({policy.pro_rata_states}).',
      },
    ])
    // Written with the policy's words, it publishes, and the site says the policy's number.
    changed.pages['terms']!.sections[index]!.props.body =
      '<p>If you cancel within {policy.refund_window_days} days of a payment, we refund it in full.</p>'
    await editor.json('/api/cms/working', {
      method: 'PUT',
      body: { content: changed, baseRevision: saved.body.revision },
    })
    expect((await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'Policy words' } })).status).toBe(201)
    const site = await server.client().request('/terms')
    expect(await site.text()).toContain('If you cancel within 30 days of a payment, we refund it in full.')
  })

  it('refuses a save based on an old draft with 409, so two content managers never overwrite each other silently', async () => {
    const second = await server.staffClient(EDITOR)
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    expect(
      (
        await editor.json('/api/cms/working', {
          method: 'PUT',
          body: { content: draft.content, baseRevision: draft.revision },
        })
      ).status,
    ).toBe(200)
    const stale = await second.json<{ message: string }>('/api/cms/working', {
      method: 'PUT',
      body: { content: draft.content, baseRevision: draft.revision },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/^The draft changed since you opened it/)
  })

  it('restores an old version into the draft; publishing it brings the site back', async () => {
    const { body } = await editor.json<{ versions: { id: number }[] }>('/api/cms/versions')
    const initial = body.versions.at(-1)!
    const restored = await editor.json<Draft>(`/api/cms/versions/${initial.id}/restore`, { method: 'POST' })
    expect(restored.status).toBe(200)
    expect(restored.body.content.header.variables.header_phone_number).toBe('800-555-0142')
    await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'Back to the first version' } })
    expect((await published()).header.variables.header_phone_number).toBe('800-555-0142')
    expect((await server.client().json(`/api/cms?version=${initial.id}`)).status).toBe(200)
  })

  it('shares a preview through a signed, expiring link', async () => {
    const { status, body } = await editor.json<{ token: string; url: string }>('/api/cms/preview-token', {
      method: 'POST',
      body: { expiresInMinutes: 60 },
    })
    expect(status).toBe(201)
    expect(body.url.startsWith(`${defaultTenant.publicUrl}/?version=working&preview_token=`)).toBe(true)
    const visitor = server.client()
    expect((await visitor.json(`/api/cms?version=working&preview_token=${body.token}`)).status).toBe(200)
    // The link's token is kept in a cookie for the pages and fetches that follow.
    expect((await visitor.json('/api/cms?version=working')).status).toBe(200)
    const forged = body.token.slice(0, -2) + (body.token.endsWith('A') ? 'BB' : 'AA')
    expect((await server.client().json(`/api/cms?version=working&preview_token=${forged}`)).status).toBe(403)
    const elsewhere = server.client(otherTenant.hosts[0])
    expect((await elsewhere.json(`/api/cms?version=working&preview_token=${body.token}`)).status).toBe(403)
  })

  it('makes preview links of at most 7 days', async () => {
    expect(
      (await editor.json('/api/cms/preview-token', { method: 'POST', body: { expiresInMinutes: 60 * 24 * 7 } })).status,
    ).toBe(201)
    expect(
      await editor.json('/api/cms/preview-token', { method: 'POST', body: { expiresInMinutes: 60 * 24 * 7 + 1 } }),
    ).toMatchObject({
      status: 422,
      body: {
        issues: [
          { path: ['body', 'expiresInMinutes'], message: 'A preview link lasts at most 7 days (10080 minutes)' },
        ],
      },
    })
  })

  it('revokes every preview link of the tenant: a link made before stops working, in its cookie too; a new one works; another tenant’s links are untouched', async () => {
    const link = async (client = editor) =>
      (
        await client.json<{ token: string }>('/api/cms/preview-token', {
          method: 'POST',
          body: { expiresInMinutes: 60 },
        })
      ).body.token
    const draft = (client: ReturnType<TestServer['client']>, token?: string) =>
      client.json(`/api/cms?version=working${token ? `&preview_token=${token}` : ''}`).then(({ status }) => status)
    const before = await link()
    const visitor = server.client()
    expect(await draft(visitor, before)).toBe(200)
    const otherEditor = await server.staffClient(OTHER_EDITOR, otherTenant.hosts[0])
    const otherTenantsLink = await link(otherEditor)

    expect(await editor.json('/api/cms/preview-token/revoke', { method: 'POST' })).toMatchObject({
      status: 200,
      body: { ok: true, message: 'Every preview link made until now has stopped working. New links work.' },
    })
    expect(await draft(server.client(), before)).toBe(403)
    // The visitor's cookie carries the old link's token: it stops too, and so does the page.
    expect(await draft(visitor)).toBe(403)
    expect(await (await visitor.request('/?version=working')).text()).toContain(
      'Only content managers, or a preview link, can see the unpublished version',
    )
    const after = await link()
    expect(await draft(server.client(), after)).toBe(200)
    expect(await draft(server.client(otherTenant.hosts[0]), otherTenantsLink)).toBe(200)
  })

  it('keeps each tenant’s content and content managers its own', async () => {
    const otherEditor = await server.staffClient(OTHER_EDITOR, otherTenant.hosts[0])
    const own = await otherEditor.json<Draft>('/api/cms/working')
    expect(own.body.content).toMatchObject({ base: { variables: { group_key: otherTenant.groupKey } } })
    // The same session on the first tenant's host is nobody there.
    const crossing = server.client(defaultTenant.hosts[0])
    for (const [name, value] of otherEditor.cookies) crossing.cookies.set(name, value)
    expect((await crossing.json('/api/cms/working')).status).toBe(401)
    expect(
      (await crossing.json('/api/cms/working', { method: 'PUT', body: { content: own.body.content, baseRevision: 0 } }))
        .status,
    ).toBe(401)
    // And the first tenant's editor cannot sign in on the second tenant's host.
    expect(
      (await server.client(otherTenant.hosts[0]).json('/api/login', { method: 'POST', body: EDITOR })).status,
    ).toBe(401)
  })

  it('renders the draft on the site for a content manager, and the published site with the reason for anyone else', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    const changed = structuredClone(draft.content)
    changed.header.variables.header_phone_number = '877-555-0123'
    await editor.json('/api/cms/working', { method: 'PUT', body: { content: changed, baseRevision: draft.revision } })
    expect(await (await editor.request('/?version=working')).text()).toContain('(877) 555-0123')
    const anonymous = await (await server.client().request('/?version=working')).text()
    expect(anonymous).toContain('(800) 555-0142')
    expect(anonymous).toContain(
      'could not be shown (Only content managers, or a preview link, can see the unpublished version)',
    )
  })
})

describe.each(DATABASES)('content inheritance (%s)', (kind) => {
  const server = useTestServer(kind)

  it('tells a content manager the base the content extends and what the draft overrides', async () => {
    const editor = await server.staffClient(EDITOR)
    const { status, body } = await editor.json<{
      base: { base: { variables: { group_key: string } } }
      overrides: { path: string[]; value: unknown }[]
    }>('/api/cms/inheritance')
    expect(status).toBe(200)
    expect(body.base.base.variables.group_key).toBe('base')
    expect(body.overrides).toContainEqual(
      expect.objectContaining({ path: ['base', 'variables', 'group_key'], value: defaultTenant.groupKey }),
    )
    expect((await server.client().json('/api/cms/inheritance')).status).toBe(401)
  })
})
