import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveContract } from '#schemas/engine/contract.ts'
import { wordAnswer, wordMessage } from '#schemas/engine/messages.ts'
import { API_MESSAGES } from '#schemas/messages.ts'
import { PASSWORD_RULES } from '#schemas/password-rules.ts'
import { BRAND_PASSWORD, COMMON_PASSWORD } from './platform/auth/common-passwords.ts'
import { RATE_LIMITS } from './platform/rate-limits.ts'
import { WRONG_CURRENT_PASSWORD } from './features/members/accounts.ts'
import { ACCOUNT_NOT_OPENED } from './features/checkout/checkout-payment.ts'
import { BOT_CHECK_FAILED } from './context.ts'
import { apiEndpoints } from './features/registry.ts'
import { DATABASES, MEMBER, startTestServer, type TestServer } from './test-harness.ts'

/** Every template of the catalog, worded as itself marked: a message the catalog words comes back changed. */
const MARKED = Object.fromEntries(API_MESSAGES.map((template) => [template, `✓ ${template}`]))
const catalogued = (message: string) => wordMessage(message, MARKED) !== message

/** The messages a schema writes where it refuses a value (its own, its checks', its parts'). */
function schemaMessages(schema: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def
  if (!def || seen.has(schema)) return found
  seen.add(schema)
  const add = (error: unknown) => {
    if (typeof error !== 'function') return
    const message: unknown = (error as (issue: object) => unknown)({})
    if (typeof message === 'string') found.add(message)
  }
  add(def.error)
  for (const check of (def.checks as { _zod?: { def?: { error?: unknown } } }[] | undefined) ?? [])
    add(check._zod?.def?.error)
  for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'keyType', 'valueType'])
    schemaMessages(def[key], found, seen)
  for (const part of [
    ...((def.options as unknown[] | undefined) ?? []),
    ...((def.items as unknown[] | undefined) ?? []),
  ])
    schemaMessages(part, found, seen)
  for (const field of Object.values((def.shape as Record<string, unknown> | undefined) ?? {}))
    schemaMessages(field, found, seen)
  if (def.type === 'lazy') schemaMessages((def.getter as () => unknown)(), found, seen)
  return found
}

describe('the catalog of the API’s messages (schemas/messages.ts)', () => {
  it('has every message the public and member contracts’ schemas write, so each can be worded in content', async () => {
    const messages = new Set<string>()
    for (const endpoint of apiEndpoints) {
      const contract = await resolveContract(endpoint.contract)
      if (typeof contract.access === 'object') continue // the console's: English
      for (const schema of [contract.params, contract.query, contract.body]) schemaMessages(schema, messages)
    }
    expect(messages.size).toBeGreaterThan(30)
    expect([...messages].filter((message) => !catalogued(message))).toEqual([])
  })

  it('has the messages the services write that a visitor or member meets', () => {
    const services = [
      ...PASSWORD_RULES.map((rule) => rule.message),
      COMMON_PASSWORD,
      BRAND_PASSWORD,
      WRONG_CURRENT_PASSWORD,
      ACCOUNT_NOT_OPENED,
      BOT_CHECK_FAILED,
      ...Object.entries(RATE_LIMITS)
        .filter(([name]) => !name.startsWith('staff'))
        .map(([, message]) => message),
    ]
    expect(services.filter((message) => !catalogued(message))).toEqual([])
  })

  it('fills a template’s values into its words, and leaves a message it has no words for as written', () => {
    const words = {
      'Use at most {max} characters': 'Use como máximo {max} caracteres',
      'The {plan} plan covers at most {count} dependents.': 'El plan {plan} cubre como máximo {count} dependientes.',
      'Validation error: {details}': 'Revise los datos: {details}',
      Required: 'Obligatorio',
    }
    expect(wordMessage('Use at most 80 characters', words)).toBe('Use como máximo 80 caracteres')
    expect(wordMessage('The Family plan covers at most 4 dependents.', words)).toBe(
      'El plan Family cubre como máximo 4 dependientes.',
    )
    expect(wordMessage('Something unforeseen', words)).toBe('Something unforeseen')
    expect(wordMessage('Required', undefined)).toBe('Required')
    // An answer's message lists its issues: each is worded inside it too.
    expect(
      wordAnswer(
        {
          message: 'Validation error: Required at "body.name"',
          issues: [{ path: ['body', 'name'], message: 'Required' }],
        },
        words,
      ),
    ).toEqual({
      message: 'Revise los datos: Obligatorio at "body.name"',
      issues: [{ path: ['body', 'name'], message: 'Obligatorio' }],
    })
  })
})

describe.each(DATABASES)('the API’s messages in the language of the page that asks (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  }, 60_000)
  afterAll(() => server.close())

  const signIn = (body: object, headers: Record<string, string> = {}) =>
    server.client().json<{ message: string; issues?: { path: string[]; message: string }[] }>('/api/login', {
      method: 'POST',
      body,
      headers,
    })

  it('answers a Spanish page’s field refusal in Spanish (the demo tenant’s content), an English page’s in English', async () => {
    const spanish = await signIn({ email: 'not an address', password: 'x' }, { 'accept-language': 'es' })
    expect(spanish.status).toBe(422)
    expect(spanish.body.issues).toContainEqual({
      path: ['body', 'email'],
      message: 'Escriba un correo electrónico válido',
    })
    expect(spanish.body.message).toMatch(/^Revise los datos: Escriba un correo electrónico válido/)

    const english = await signIn({ email: 'not an address', password: 'x' })
    expect(english.body.issues).toContainEqual({ path: ['body', 'email'], message: 'Enter a valid email address' })
    // A language the tenant does not publish reads the default's.
    const german = await signIn({ email: 'not an address', password: 'x' }, { 'accept-language': 'de-DE,de;q=0.9' })
    expect(german.body.issues).toContainEqual({ path: ['body', 'email'], message: 'Enter a valid email address' })
  })

  it('says what an answer says in the page’s language (a reset link asked for from a Spanish page)', async () => {
    const ask = (headers: Record<string, string>) =>
      server.client().json<{ ok: boolean; message: string }>('/api/v4/member/resetPasswordEmail', {
        method: 'POST',
        body: { email: MEMBER.email },
        headers,
      })
    const spanish = await ask({ 'accept-language': 'es' })
    expect(spanish.status).toBe(200)
    expect(spanish.body.message).toBe(
      'Si una cuenta usa este correo electrónico, le enviamos un enlace para elegir una contraseña nueva.',
    )
    expect((await ask({})).body.message).toBe(
      'If an account uses this email address, we have sent it a link to choose a new password.',
    )
  })

  it('answers a refused sign-in in the page’s language (a service’s message, not a schema’s)', async () => {
    const spanish = await signIn(
      { email: MEMBER.email, password: 'not the password at all' },
      { 'accept-language': 'es-MX' },
    )
    expect(spanish.status).toBe(401)
    expect(spanish.body.message).toBe('Correo electrónico o contraseña incorrectos')
  })
})
