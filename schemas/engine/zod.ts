/**
 * zod, as every schema in the project imports it: the functional build (`zod/mini`), with zod's
 * English messages. The same validation as zod's classic build, without a method on every schema,
 * which every page would otherwise load (docs/adr/0009). Messages are configured here, once,
 * before any schema parses: `zod/mini` loads no locale of its own.
 */
import * as z from 'zod/mini'
import { en } from 'zod/locales'

z.config(en())

export { z }
