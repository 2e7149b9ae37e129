import { pino, type Logger } from 'pino'

/** Structured JSON logs, one line per event. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'dental-site' } })
}
export type { Logger }
