/**
 * What verifying a buyer's address first would cost (issue 44, docs/adr/0012): the checkout a buyer
 * walks today (its pages and the fields on each, counted in the HTML the server sends and the card
 * fields' own page), and the wait a mailed code would add on our side, from the request to the
 * SMTP server's acceptance (a password reset's mail, the same kind of one-off mail, into a local
 * SMTP sink). What a mailbox adds after that (delivery, the switch to the mail app) is not here.
 *
 *   npx tsx bench/checkout-steps.ts      (after npm run build)
 */
import { SMTPServer } from 'smtp-server'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { freePort, startBuiltServer } from './built-server.ts'

/** The controls a person fills or chooses in a page's HTML: inputs that are not hidden or buttons, selects, text areas. */
export function formFields(html: string): number {
  const inputs = [...html.matchAll(/<input\b[^>]*>/g)].filter(
    ([tag]) => !/\btype="(hidden|submit|button|image|reset)"/.test(tag),
  ).length
  return inputs + (html.match(/<select\b/g)?.length ?? 0) + (html.match(/<textarea\b/g)?.length ?? 0)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

const smtpPort = await freePort()
const arrivals: number[] = []
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, _session, callback) => {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      arrivals.push(performance.now())
      callback()
    })
  },
})
await new Promise<void>((resolve) => sink.listen(smtpPort, '127.0.0.1', resolve))
const paymentFieldsPort = await freePort()
const server = await startBuiltServer({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PAYMENT_FIELDS_PORT: String(paymentFieldsPort),
  RATE_LIMIT_RESET_ADDRESS: '100/1h',
  RATE_LIMIT_RESET_RECIPIENT: '100/1h',
})
try {
  const cookies = new Map<string, string>()
  const visit = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(server.base + path, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        'user-agent': 'Mozilla/5.0 checkout-steps',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.body ? { 'content-type': 'application/json', 'csrf-token': init.token ?? '' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return { status: response.status, text: await response.text() }
  }
  const home = await visit('/')
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? ''
  const send = async (method: string, path: string, body: unknown = {}) => {
    const answer = await visit(path, { method, body, token })
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`)
  }

  // The buyer's pages, each as the server sends it once the step before is done.
  const steps: { page: string; fields: number }[] = []
  const count = async (page: string, path: string) => {
    const { status, text } = await visit(path)
    if (status !== 200) throw new Error(`${path} answered ${status}`)
    steps.push({ page, fields: formFields(text) })
    return text
  }
  await count('plan (join now)', '/join-now?location_id=1001&plan_id=102')
  await send('POST', '/api/km/checkout/temp_token')
  await send('PUT', '/api/km/checkout/member/plan', { planId: 102, officeId: 1001, billingCycle: 'monthly' })
  await count('your details (account)', '/checkout/create-account')
  await send('POST', '/api/km/checkout/account', {
    email: 'buyer@example.com',
    password: 'Measured-Checkout-2026!',
    firstName: 'Bench',
    lastName: 'Buyer',
    phone: '3105550100',
    dateOfBirth: '1980-01-01',
    address: { line: '1 Main St', city: 'Beverly Hills', state: 'CA', zip: '90210' },
  })
  await count('family members (optional)', '/checkout/add-member')
  const payment = await count('payment (and the card’s fields)', '/checkout/payment')
  // The card's fields are the processor's page in a frame, which the browser adds (kit/checkout/card-fields.tsx).
  if (/<iframe/.test(payment)) throw new Error('The payment page now renders its card frame: count it from the HTML')
  const card = await fetch(
    `http://127.0.0.1:${paymentFieldsPort}/card-fields?${new URLSearchParams({ origin: server.base, label: 'pay' })}`,
  ).then((answer) => answer.text())
  steps.at(-1)!.fields += formFields(card)
  const fields = steps.reduce((sum, step) => sum + step.fields, 0)

  // A one-off mail on our side: the request, the outbox, SMTP's acceptance.
  const member = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'member')!
  const waits: number[] = []
  for (let sample = 0; sample < 9; sample += 1) {
    const before = arrivals.length
    const asked = performance.now()
    await send('POST', '/api/v4/member/resetPasswordEmail', { email: member.email })
    const until = asked + 30_000
    while (arrivals.length === before && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 5))
    waits.push((arrivals[before] ?? Number.NaN) - asked)
  }

  console.log('| page of the checkout | fields a buyer fills or chooses |')
  console.log('|---|---:|')
  for (const step of steps) console.log(`| ${step.page} | ${step.fields} |`)
  console.log(`| **today: ${steps.length} pages** | **${fields}** |`)
  console.log(
    `| with the address verified first: ${steps.length + 1} pages | ${fields + 1} (+${((1 / fields) * 100).toFixed(0)} %), and a mail to wait for |`,
  )
  console.log()
  console.log(
    `A one-off mail, from the request to the SMTP server's acceptance, ${waits.length} samples: median ${median(waits).toFixed(0)} ms, slowest ${Math.max(...waits).toFixed(0)} ms.`,
  )
} finally {
  await server.stop()
  await new Promise<void>((resolve) => sink.close(() => resolve()))
}
