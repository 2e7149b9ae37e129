import { z } from '../engine/zod.ts'
import { contract, type ApiContract } from '../engine/contract.ts'

/**
 * What a file endpoint's handler answers: the file's name, its type and its bytes (or text). The
 * server sends it as an attachment (`Content-Disposition: attachment`, nosniff), never as JSON.
 */
export const fileAnswerSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  body: z.union([z.string(), z.instanceof(Uint8Array)]),
})
export type FileAnswer = z.output<typeof fileAnswerSchema>

/**
 * Declares a contract that answers a file (a download: CSV, an attachment): a GET whose answer is
 * one of `types`. Contracts answer JSON otherwise; this is their one other kind of answer.
 */
export function fileContract<
  Params extends z.ZodMiniType = z.ZodMiniUndefined,
  Query extends z.ZodMiniType = z.ZodMiniUndefined,
>(
  definition: Omit<
    ApiContract<Params, Query, z.ZodMiniUndefined, typeof fileAnswerSchema>,
    'method' | 'response' | 'file' | 'body' | 'status'
  > & {
    types: readonly string[]
  },
): ApiContract<Params, Query, z.ZodMiniUndefined, typeof fileAnswerSchema> {
  const { types, ...rest } = definition
  return contract({ ...rest, method: 'get', response: fileAnswerSchema, file: { types } })
}
