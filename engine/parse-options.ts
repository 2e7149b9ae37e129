/**
 * How the engine parses in a page: without zod's compiled fast path. Zod compiles one
 * (`new Function`) the first time each object schema parses, which pays for schemas parsed many
 * times (the server) but not in a page that parses each a few times: measured in Chromium at 4×
 * CPU slowdown, compiling was about 40% of zod's work while the home page loads.
 */
export const PARSE = { jitless: typeof document !== 'undefined' } as const
