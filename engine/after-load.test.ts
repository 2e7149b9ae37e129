// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { afterLoadAndIdle } from './after-load.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('work after the page has loaded', () => {
  it('runs one piece at a time: the next starts only once the code the last one loaded has run', async () => {
    const order: string[] = []
    let finishSchema!: () => void
    afterLoadAndIdle(() => {
      order.push('schema starts')
      return new Promise<void>((resolve) => (finishSchema = resolve)).then(() => order.push('schema ran'))
    })
    afterLoadAndIdle(() => order.push('dialog starts'))
    await settle()
    expect(order).toEqual(['schema starts'])
    finishSchema()
    await settle()
    expect(order).toEqual(['schema starts', 'schema ran', 'dialog starts'])
  })

  it('goes on past a piece that fails, and skips one cancelled before its turn', async () => {
    const order: string[] = []
    afterLoadAndIdle(() => Promise.reject(new Error('chunk gone')))
    const cancel = afterLoadAndIdle(() => order.push('cancelled piece'))
    afterLoadAndIdle(() => order.push('monitoring starts'))
    cancel()
    await settle()
    expect(order).toEqual(['monitoring starts'])
  })
})
