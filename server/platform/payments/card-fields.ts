import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import { CARD_FIELDS_SOURCE } from '#schemas/card-fields.ts'
import { baseSecurityHeaders } from '../http/http-security.ts'
import { PaymentDeclined } from './payments.ts'
import { sandboxCardSchema, sandboxTokenize } from './sandbox-processor.ts'

/** The parent page's origin, from the frame's address: only http(s) origins, exactly. */
function parentOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The sandbox processor's hosted card fields, served from the processor's own origin (its own
 * port), as Stripe Elements or Braintree Hosted Fields are: the page frames `/card-fields`, the
 * card goes from the frame to `/v1/tokens` on this origin, and the frame posts only the token to
 * the page (`postMessage` to the page's origin alone). The site's server never sees the card, and
 * this app logs no request.
 */
export function createCardFieldsApp(now: () => Date = () => new Date()): Hono {
  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    // The site's headers, but for framing: the site's page frames these fields (CSP frame-ancestors names it).
    for (const [name, value] of baseSecurityHeaders(c.req.url.startsWith('https:')))
      if (name !== 'X-Frame-Options' && name !== 'Cross-Origin-Opener-Policy') c.header(name, value)
    c.header('Cache-Control', 'no-store')
  })
  app.get('/card-fields', (c) => {
    const origin = parentOrigin(c.req.query('origin'))
    if (!origin) return c.text('The card fields need the origin of the page that frames them (?origin=https://…).', 400)
    const nonce = randomBytes(16).toString('base64')
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors ${origin}`,
    )
    const purpose = c.req.query('label') === 'update' ? 'update' : 'pay'
    return c.html(cardFieldsPage(origin, nonce, purpose, sandboxLanguage(c.req.query('locale'))))
  })
  app.post(
    '/v1/tokens',
    bodyLimit({ maxSize: 4096, onError: (c) => c.json({ message: 'Too large' }, 413) }),
    async (c) => {
      const words = SANDBOX_WORDS[sandboxLanguage(c.req.query('locale'))]
      const parsed = sandboxCardSchema.safeParse(await c.req.json().catch(() => undefined))
      if (!parsed.success) {
        const error = ValidationError.fromZod(parsed.error)
        return c.json({ message: words.check, issues: error.issues }, 422)
      }
      try {
        return c.json(sandboxTokenize(parsed.data, now()), 201)
      } catch (error) {
        if (!(error instanceof PaymentDeclined)) throw error
        const expired = error.message === SANDBOX_WORDS.en.expired
        const message = expired
          ? words.expired
          : error.message === SANDBOX_WORDS.en.invalidNumber
            ? words.invalidNumber
            : error.message
        return c.json({ message, issues: [{ path: [expired ? 'expiry' : 'number'], message }] }, 422)
      }
    },
  )
  app.notFound((c) => c.text('Not found', 404))
  return app
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:transparent}
form{display:grid;gap:12px;padding:2px}
.row{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr))}
label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#111827}
input:focus{outline:3px solid #1d4ed8;outline-offset:1px}
input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.error{margin:4px 0 0;color:#b91c1c;font-weight:600}
.note{margin:0;font-size:14px;color:#374151}
`

/** The frame's script: the card goes to this origin's `/v1/tokens`; only the token goes to the page. */
const SCRIPT = `
const ORIGIN = document.documentElement.dataset.origin
const SOURCE = document.documentElement.dataset.source
const form = document.getElementById('card')
const fields = ['number', 'expiry', 'cvc', 'zip']
const post = (message) => parent.postMessage({ source: SOURCE, ...message }, ORIGIN)
const show = (name, message) => {
  const input = document.getElementById(name)
  const error = document.getElementById(name + '-error')
  input.setAttribute('aria-invalid', message ? 'true' : 'false')
  error.textContent = message || ''
  error.hidden = !message
}
const resize = () => post({ type: 'resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) })
new ResizeObserver(resize).observe(document.body)
const expiry = (value) => {
  const match = /^\\s*(\\d{1,2})\\s*\\/?\\s*(\\d{2}|\\d{4})\\s*$/.exec(value)
  if (!match) return { expMonth: '', expYear: '' }
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  return { expMonth: match[1], expYear: String(year) }
}
const WORDS = JSON.parse(document.getElementById('words').textContent)
const REQUIRED = WORDS.required
let busy = false
async function tokenize() {
  if (busy) return
  const values = Object.fromEntries(fields.map((name) => [name, document.getElementById(name).value]))
  const missing = fields.filter((name) => !values[name].trim())
  const { expMonth, expYear } = expiry(values.expiry)
  if (values.expiry.trim() && !expMonth) missing.push('expiry')
  fields.forEach((name) => show(name, missing.includes(name) ? REQUIRED[name] : ''))
  if (missing.length) {
    document.getElementById(missing[0]).focus()
    post({ type: 'invalid', message: WORDS.check })
    return
  }
  busy = true
  try {
    const response = await fetch('/v1/tokens?locale=' + document.documentElement.lang, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: values.number, expMonth, expYear, cvc: values.cvc, zip: values.zip }) })
    const body = await response.json()
    if (response.ok) {
      post({ type: 'token', token: body.token, brand: body.brand, last4: body.last4, expMonth: body.expMonth, expYear: body.expYear })
      return
    }
    const issues = (body.issues || []).map((issue) => ({ field: issue.path[0] === 'expMonth' || issue.path[0] === 'expYear' ? 'expiry' : issue.path[0], message: issue.message }))
    issues.forEach((issue) => fields.includes(issue.field) && show(issue.field, issue.message))
    const first = fields.find((name) => issues.some((issue) => issue.field === name))
    if (first) document.getElementById(first).focus()
    post({ type: 'invalid', message: body.message })
  } catch {
    post({ type: 'failed', message: WORDS.failed })
  } finally {
    busy = false
  }
}
window.addEventListener('message', (event) => {
  if (event.origin !== ORIGIN || event.source !== parent) return
  if (event.data && event.data.type === 'tokenize') void tokenize()
  if (event.data && event.data.type === 'focus') document.getElementById('number').focus()
})
form.addEventListener('submit', (event) => {
  event.preventDefault()
  post({ type: 'submit' })
})
fields.forEach((name) => document.getElementById(name).addEventListener('input', () => show(name, '')))
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') post({ type: 'escape' })
})
post({ type: 'ready' })
resize()
`

/**
 * The processor's own words, in the languages it writes (as Stripe Elements take a `locale`): the
 * page asks for its language; one the processor does not write is English.
 */
const SANDBOX_WORDS = {
  en: {
    title: 'Card details',
    note: (purpose: 'pay' | 'update') =>
      `Sandbox processor: no real card is ${purpose === 'pay' ? 'charged' : 'stored'}. Test card 4242 4242 4242 4242, any future date, any CVC.`,
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    zip: 'Billing ZIP code',
    required: {
      number: 'Enter the card number',
      expiry: 'Enter the expiry date as MM/YY',
      cvc: 'Enter the 3 or 4 digit security code',
      zip: 'Enter a five-digit ZIP code',
    },
    check: 'Check the card details',
    failed: 'The card could not be checked. Check your connection and try again.',
    invalidNumber: 'The card number is not valid.',
    expired: 'The card has expired.',
  },
  es: {
    title: 'Datos de la tarjeta',
    note: (purpose: 'pay' | 'update') =>
      `Procesador de prueba: no se ${purpose === 'pay' ? 'cobra' : 'guarda'} ninguna tarjeta real. Tarjeta de prueba 4242 4242 4242 4242, cualquier fecha futura, cualquier CVC.`,
    number: 'Número de tarjeta',
    expiry: 'Fecha de vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    zip: 'Código postal de facturación',
    required: {
      number: 'Escriba el número de la tarjeta',
      expiry: 'Escriba la fecha de vencimiento como MM/AA',
      cvc: 'Escriba el código de seguridad de 3 o 4 dígitos',
      zip: 'Escriba un código postal de cinco dígitos',
    },
    check: 'Revise los datos de la tarjeta',
    failed: 'No se pudo verificar la tarjeta. Revise su conexión e inténtelo de nuevo.',
    invalidNumber: 'El número de la tarjeta no es válido.',
    expired: 'La tarjeta está vencida.',
  },
}
type SandboxLanguage = keyof typeof SANDBOX_WORDS
const sandboxLanguage = (value: string | undefined): SandboxLanguage => (value === 'es' ? 'es' : 'en')

function field(name: string, label: string, autocomplete: string, extra = '') {
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" inputmode="numeric" aria-invalid="false" aria-describedby="${name}-error"${extra}><p id="${name}-error" class="error" hidden></p></div>`
}

function cardFieldsPage(origin: string, nonce: string, purpose: 'pay' | 'update', language: SandboxLanguage) {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const words = SANDBOX_WORDS[language]
  // The script's words, as JSON no markup can end early.
  const scriptWords = JSON.stringify({ required: words.required, check: words.check, failed: words.failed }).replace(
    /</g,
    '\\u003c',
  )
  return `<!doctype html>
<html lang="${language}" data-origin="${attr(origin)}" data-source="${CARD_FIELDS_SOURCE}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${words.title}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>
<main>
<form id="card" novalidate aria-label="${words.title}">
<p class="note">${words.note(purpose)}</p>
${field('number', words.number, 'cc-number', ' maxlength="23"')}
<div class="row">
${field('expiry', words.expiry, 'cc-exp', ' maxlength="9"')}
${field('cvc', words.cvc, 'cc-csc', ' maxlength="4"')}
${field('zip', words.zip, 'postal-code', ' maxlength="5"')}
</div>
<button type="submit" hidden>Submit</button>
</form>
</main>
<script type="application/json" id="words">${scriptWords}</script>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>`
}
