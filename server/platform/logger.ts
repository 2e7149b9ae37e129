import { pino, type DestinationStream, type Logger } from 'pino'

/** Structured JSON logs, one line per event (to standard output, or a stream tests read). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination
    ? pino({ level, base: { service: 'dental-site' } }, destination)
    : pino({ level, base: { service: 'dental-site' } })
}
export type { Logger }
