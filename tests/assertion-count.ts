/**
 * Counts the assertions of the unit tests for `npm test`'s summary (scripts/test.mjs), which names
 * the file in ASSERTION_COUNT_FILE: each test file adds a line with its count. Without it, nothing.
 */
import { appendFileSync } from 'node:fs'
import { afterAll, afterEach, expect } from 'vitest'

const file = process.env.ASSERTION_COUNT_FILE
if (file) {
  let count = 0
  afterEach(() => {
    count += expect.getState().assertionCalls
  })
  afterAll(() => {
    appendFileSync(file, `${count}\n`)
  })
}
