import { z } from './engine/zod.ts'

/** Marks the hosted card fields' messages to the page (`server/platform/payments/card-fields.ts`). */
export const CARD_FIELDS_SOURCE = 'sandbox-card-fields'

/**
 * What the hosted card fields post to the page: ready, their height, a request to submit (Enter in
 * a field), Escape, a token (only brand, last four digits and expiry besides it), or why there is none.
 */
export const cardFieldsMessageSchema = z.discriminatedUnion('type', [
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('ready') }),
  z.object({
    source: z.literal(CARD_FIELDS_SOURCE),
    type: z.literal('resize'),
    height: z.number().check(z.nonnegative()),
  }),
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('submit') }),
  /** Escape pressed in the frame: the page closes what Escape closes (a dialog around the fields). */
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.literal('escape') }),
  z.object({
    source: z.literal(CARD_FIELDS_SOURCE),
    type: z.literal('token'),
    token: z.string().check(z.minLength(1)),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number(),
    expYear: z.number(),
  }),
  z.object({ source: z.literal(CARD_FIELDS_SOURCE), type: z.enum(['invalid', 'failed']), message: z.string() }),
])
export type CardFieldsMessage = z.infer<typeof cardFieldsMessageSchema>
export type CardTokenResult = Extract<CardFieldsMessage, { type: 'token' }>
