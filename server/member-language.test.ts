import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { tenants } from '#site-config/tenants.ts'
import { one } from './platform/db/database.ts'
import { outbox } from './platform/mail/dev-outbox.ts'
import { runDue } from './features/registry.ts'
import {
  accountId,
  cardToken,
  DATABASES,
  defaultTenant,
  EDITOR,
  MEMBER,
  startTestServer,
  SUPPORT,
  type TestClient,
  type TestServer,
} from './test-harness.ts'

type Draft = { content: Record<string, unknown> & { base: { variables: Record<string, unknown> } }; revision: number }
const LANGUAGES = [
  { code: 'en', name: 'English', suggestion: { text: 'In English.', accept: 'English', decline: 'No, thanks' } },
  { code: 'es', name: 'Español', suggestion: { text: 'En español.', accept: 'Español', decline: 'No, gracias' } },
]
/** The Spanish the tenant publishes for these tests: the legal texts, and the renewal's mail. */
const SPANISH = {
  '/pages/checkout-payment/auto_renewal_terms':
    'Su membresía se renueva automáticamente por {price} hasta que la cancele, a partir del {renews_on}. Cancele en su panel o llamando al {phone}.',
  '/base/variables/language_assistance/notice': 'Asistencia gratuita en su idioma: llame al {phone} (TTY 711).',
  '/pages/dashboard/mail_renewed_subject': 'Su membresía {plan} está renovada',
  '/pages/dashboard/mail_joined_subject': 'Bienvenido a {company}: su membresía {plan}',
  '/pages/dashboard/mail_joined_body':
    'Hola, {first_name}: su membresía {plan} está activa; su número de miembro es {member_number}.\n{lines}\n\nRenovación automática y cómo cancelar:\n{terms}',
  '/pages/dashboard/mail_joined_fee_line': 'Cuota de inscripción: {amount}',
  '/pages/member-login/mail_reset_subject': 'Elija una nueva contraseña para {company}',
  '/pages/member-login/mail_reset_unknown_body': 'Hola:\n\nNinguna cuenta de {company} usa esta dirección.',
  '/pages/dashboard/mail_renewed_body':
    'Hola, {first_name}: su membresía {plan} se renovó por {amount}. La próxima renovación es el {date}.',
}
const BUYER = {
  email: 'comprador@demo.test',
  password: 'Checkout-Pass-31!',
  firstName: 'Lucía',
  lastName: 'Ramos',
  phone: '415-555-0178',
  dateOfBirth: '1990-05-05',
  address: { line: '1 Valencia St', city: 'San Francisco', state: 'CA', zip: '94103' },
}

/**
 * A member's language (issue 42): the page's they joined on (the browser's API client sends it as
 * Accept-Language), kept on their account, changeable in their profile; the terms they consented
 * to and every membership mail are written in it.
 */
describe('a member’s language (the default tenant publishes English and Spanish)', () => {
  let server: TestServer
  let buyer: TestClient
  let editor: TestClient
  /** Saves the draft as `change` makes it, through the content managers' API (as the playground does). */
  const saveDraft = async (change: (content: Draft['content']) => void) => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    change(draft.content)
    const body = { content: draft.content, baseRevision: draft.revision }
    expect((await editor.json('/api/cms/working', { method: 'PUT', body })).status).toBe(200)
  }
  const publish = async (note: string) =>
    expect((await editor.json('/api/cms/publish', { method: 'POST', body: { note } })).status).toBe(201)
  beforeAll(async () => {
    server = await startTestServer(DATABASES[0])
    editor = await server.staffClient(EDITOR)
    await saveDraft((content) => (content.base.variables.languages = LANGUAGES))
    const status = await editor.json<{ missingRequired: string[] }>('/api/cms/translations?locale=es')
    const legal = status.body.missingRequired.map((pointer) => [pointer, `Texto legal (${pointer})`])
    await saveDraft((content) => {
      const own = (content.translations as Record<string, Record<string, string>> | undefined)?.['es']
      content.translations = { es: { ...own, ...Object.fromEntries(legal), ...SPANISH } }
    })
    await publish('Spanish')
  }, 60_000)
  afterAll(() => server.close())

  const language = async (email: string) =>
    (
      await one(
        server.deps.db,
        z.object({ language: z.nullable(z.string()) }),
        'SELECT language FROM users WHERE email = $1',
        [email],
      )
    ).language

  it('joins in the page’s language: kept on the account, the terms consented to and the confirmation in it', async () => {
    buyer = server.client()
    const { body } = await buyer.json<{ token: string }>('/api/km/checkout/temp_token', { method: 'POST' })
    // As the Spanish pages' API client asks (engine/api-request.ts).
    const headers = { 'checkout-token': body.token, 'accept-language': 'es' }
    const call = (path: string, method: string, payload: unknown) =>
      buyer.json(`/api/km/checkout/${path}`, { method, body: payload, headers })
    expect((await call('member/plan', 'PUT', { planId: 101, officeId: 1001, billingCycle: 'monthly' })).status).toBe(
      200,
    )
    expect((await call('account', 'POST', BUYER)).status).toBe(200)
    const paid = await call('payment', 'POST', {
      cardToken: cardToken('4242 4242 4242 4242', { zip: '94103' }),
      autoRenewalConsent: true,
    })
    expect(paid.status).toBe(201)

    expect(await language(BUYER.email)).toBe('es')
    const { terms } = await one(
      server.deps.db,
      z.object({ terms: z.string() }),
      'SELECT s.renewal_consent_text AS terms FROM subscriptions s JOIN users u ON u.id = s.member_id WHERE u.email = $1',
      [BUYER.email],
    )
    // The Spanish terms the page showed, with their date in Spanish (joined 20 November: renews 20 December).
    expect(terms).toMatch(
      /^Su membresía se renueva automáticamente por \$\d+\.\d\d hasta que la cancele, a partir del 20 de diciembre de 2026\. /,
    )
    const [confirmation] = (await outbox(server.deps.db, defaultTenant.groupKey, 5)).filter(
      (mail) => mail.recipient === BUYER.email,
    )
    expect(confirmation?.subject).toBe(`Bienvenido a ${defaultTenant.companyName}: su membresía Essential`)
    expect(confirmation?.body).toMatch(
      /^Hola, Lucía: su membresía Essential está activa; su número de miembro es \w+\.\n/,
    )
    expect(confirmation?.body).toMatch(/\n {2}Cuota de inscripción: \$10\.00\n/)
    expect(confirmation?.body).toContain(`Renovación automática y cómo cancelar:\n${terms}`)
    expect(confirmation?.body).toContain('Asistencia gratuita en su idioma: llame al')
    expect((await buyer.json<{ language: string | null }>('/api/v4/member/info')).body.language).toBe('es')
    // An English page's join is the default's: nothing recorded.
    expect(await language(MEMBER.email)).toBeNull()
    // Member services see each member's language (the console stays in English).
    const support = await server.staffClient(SUPPORT)
    const record = async (email: string) =>
      (await support.json<{ language: string }>(`/api/v4/staff/members/${await accountId(server.deps.db, email)}`)).body
    expect(await record(BUYER.email)).toMatchObject({ language: 'es' })
    expect(await record(MEMBER.email)).toMatchObject({ language: 'en' })
  })

  it('writes a forgotten password’s link in the account’s language, and the page’s to an address no account uses', async () => {
    const ask = (email: string, headers: Record<string, string> = {}) =>
      server.client().json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email }, headers })
    const lastTo = async (email: string) =>
      (await outbox(server.deps.db, defaultTenant.groupKey, 10)).find((mail) => mail.recipient === email)
    // Asked from an English page: the account's language is Spanish.
    expect((await ask(BUYER.email)).status).toBe(200)
    expect(await lastTo(BUYER.email)).toMatchObject({
      subject: `Elija una nueva contraseña para ${defaultTenant.companyName}`,
    })
    // No account: the page's language.
    expect((await ask('nadie@demo.test', { 'accept-language': 'es' })).status).toBe(200)
    expect(await lastTo('nadie@demo.test')).toMatchObject({
      body: `Hola:\n\nNinguna cuenta de ${defaultTenant.companyName} usa esta dirección.`,
    })
    // A member who never chose reads the default's.
    expect((await ask(MEMBER.email, { 'accept-language': 'es' })).status).toBe(200)
    expect((await lastTo(MEMBER.email))?.subject).toBe(`Choose a new password for ${defaultTenant.companyName}`)
  })

  it('writes the membership’s mail in it (its words and dates), and in the default’s once the member changes it', async () => {
    const summary = await runDue({ ...server.deps, tenants }, new Date('2026-12-21T00:00:00Z'))
    expect(summary.failed).toEqual([])
    const renewed = (await outbox(server.deps.db, defaultTenant.groupKey, 20)).find(
      (mail) => mail.recipient === BUYER.email && mail.subject.startsWith('Su membresía'),
    )
    expect(renewed).toMatchObject({ subject: 'Su membresía Essential está renovada' })
    expect(renewed?.body).toMatch(
      /^Hola, Lucía: su membresía Essential se renovó por \$\d+\.\d\d\. La próxima renovación es el 20 de enero de 2027\./,
    )
    expect(renewed?.body).toContain('Asistencia gratuita en su idioma')

    // The profile: English from now on; a language the site does not publish is refused at its field.
    const refused = await buyer.json<{ issues: unknown[] }>('/api/v4/member/update', {
      method: 'POST',
      body: { language: 'fr' },
    })
    expect(refused).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'language'], message: 'Choose one of the site’s languages' }] },
    })
    const changed = await buyer.json<{ language: string }>('/api/v4/member/update', {
      method: 'POST',
      body: { language: 'en' },
    })
    expect(changed).toMatchObject({ status: 200, body: { language: 'en' } })
    await runDue({ ...server.deps, tenants }, new Date('2027-01-21T00:00:00Z'))
    const next = (await outbox(server.deps.db, defaultTenant.groupKey, 40)).filter(
      (mail) => mail.recipient === BUYER.email && /renewed/.test(mail.subject),
    )
    expect(next.map((mail) => mail.subject)).toEqual(['Your Essential membership is renewed'])
    expect(next[0]?.body).toContain('February 20, 2027')
  })

  it('writes in the default language once the site stops publishing the member’s, and says so to member services', async () => {
    // A member who chose Spanish, on a site that then publishes English alone.
    await server.deps.db.query('UPDATE users SET language = $1 WHERE email = $2', ['es', MEMBER.email])
    await saveDraft((content) => (content.base.variables.languages = []))
    await publish('English alone')
    const support = await server.staffClient(SUPPORT)
    const id = await accountId(server.deps.db, MEMBER.email)
    // The record names the language the member's mail is written in now, not the one stored.
    expect((await support.json<{ language: string }>(`/api/v4/staff/members/${id}`)).body).toMatchObject({
      language: 'en',
    })
  })
})
