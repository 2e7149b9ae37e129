import { useCallback, useEffect, useImperativeHandle, useRef, useState, useSyncExternalStore, type Ref } from 'react'
import { useLocale } from '#engine'
import type { CardFieldsMessage, CardTokenResult } from '#schemas/card-fields.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import type { CardFieldsTexts } from '../settings.ts'

/** Why the card fields gave no token: a message to show beside them (the fields show their own). */
export class CardFieldsError extends Error {
  override readonly name = 'CardFieldsError'
}

export interface CardFieldsHandle {
  /** Asks the processor's frame for a token of the card typed into it. */
  tokenize(): Promise<CardTokenResult>
  focus(): void
}

/** The processor's origin: configured, or the visitor's host name on the configured port. */
export function paymentFieldsOrigin(
  config: PublicConfig['paymentFields'],
  location: Pick<Location, 'protocol' | 'hostname'>,
): string | undefined {
  if (config.origin) return config.origin
  if (config.port === undefined) return undefined
  return `${location.protocol}//${location.hostname}:${config.port}`
}

const subscribeNever = () => () => {}
const READY_TIMEOUT_MS = 15_000
const ANSWER_TIMEOUT_MS = 20_000

/**
 * The payment processor's hosted card fields (the way Stripe Elements work): a frame served by
 * the processor from its own origin. The card is typed there and sent there; the frame posts back
 * only a token, which is all our server receives (PCI DSS SAQ A). Messages are taken from that
 * frame and origin only, and checked with their schema.
 */
export function CardFields({
  config,
  purpose = 'pay',
  onSubmitRequest,
  texts,
  ref,
}: {
  config: PublicConfig['paymentFields']
  purpose?: 'pay' | 'update'
  onSubmitRequest?: () => void
  /** From the settings of the page taking the card (cardFieldsSettings). */
  texts: CardFieldsTexts
  ref?: Ref<CardFieldsHandle>
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  // The frame's address needs the page's own origin: known in the browser only (none on the server).
  const origin = useSyncExternalStore(
    subscribeNever,
    () => paymentFieldsOrigin(config, window.location),
    () => undefined,
  )
  const pageOrigin = useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => undefined,
  )
  const locale = useLocale()
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [height, setHeight] = useState(260)
  const pending = useRef<{ resolve: (token: CardTokenResult) => void; reject: (error: Error) => void } | undefined>(
    undefined,
  )
  const submitRequest = useRef(onSubmitRequest)
  useEffect(() => {
    submitRequest.current = onSubmitRequest
  }, [onSubmitRequest])

  useEffect(() => {
    if (!origin) return
    // The messages' schema, and zod with it, load with the frame, not with the page; messages
    // that come first wait for it, in their order.
    const messageSchema = import('#schemas/card-fields.ts').then((module) => module.cardFieldsMessageSchema)
    let live = true
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      void messageSchema.then((schema) => {
        const parsed = schema.safeParse(event.data)
        if (live && parsed.success) handle(parsed.data)
      })
    }
    const handle = (message: CardFieldsMessage) => {
      if (message.type === 'ready') setStatus('ready')
      else if (message.type === 'resize') setHeight(Math.max(120, Math.min(message.height + 4, 800)))
      else if (message.type === 'submit') submitRequest.current?.()
      // Keys in the frame do not reach the page: Escape is passed on, so a dialog around the fields closes.
      else if (message.type === 'escape')
        frame.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
      else if (message.type === 'token') pending.current?.resolve(message)
      else pending.current?.reject(new CardFieldsError(message.message))
      if (message.type === 'token' || message.type === 'invalid' || message.type === 'failed')
        pending.current = undefined
    }
    window.addEventListener('message', onMessage)
    const timer = window.setTimeout(
      () => setStatus((current) => (current === 'loading' ? 'failed' : current)),
      READY_TIMEOUT_MS,
    )
    return () => {
      live = false
      window.removeEventListener('message', onMessage)
      window.clearTimeout(timer)
    }
  }, [origin])

  const tokenize = useCallback(
    () =>
      new Promise<CardTokenResult>((resolve, reject) => {
        const target = frame.current?.contentWindow
        if (!origin || !target || status !== 'ready')
          return reject(
            new CardFieldsError('The secure card form is not ready yet. Wait a moment, or reload the page.'),
          )
        pending.current?.reject(new CardFieldsError('Superseded'))
        const timer = window.setTimeout(() => {
          pending.current = undefined
          reject(new CardFieldsError('The payment processor did not answer. Nothing was charged; try again.'))
        }, ANSWER_TIMEOUT_MS)
        pending.current = {
          resolve: (token) => (window.clearTimeout(timer), resolve(token)),
          reject: (error) => (window.clearTimeout(timer), reject(error)),
        }
        target.postMessage({ type: 'tokenize' }, origin)
      }),
    [origin, status],
  )
  useImperativeHandle(
    ref,
    () => ({ tokenize, focus: () => frame.current?.contentWindow?.postMessage({ type: 'focus' }, origin ?? '/') }),
    [tokenize, origin],
  )

  if (!origin || !pageOrigin) {
    return (
      <p role="status" aria-busy="true" className="rounded-md border border-gray-300 bg-white p-4">
        {texts.card_fields_loading}
      </p>
    )
  }
  // The processor's fields in the page's language (a language it does not write is its English).
  const src = `${origin}/card-fields?${new URLSearchParams({ origin: pageOrigin, label: purpose, locale })}`
  return (
    <div className="flex flex-col gap-2">
      {status === 'loading' && (
        <p role="status" className="text-sm text-gray-700">
          {texts.card_fields_loading}
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="font-semibold text-red-800">
          {texts.card_fields_failed}
        </p>
      )}
      <iframe ref={frame} src={src} title={texts.card_fields_title} className="w-full border-0" style={{ height }} />
    </div>
  )
}
