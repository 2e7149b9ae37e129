import { describe, expect, it } from 'vitest'
import { beforeHydration, loadBeforeHydration } from './before-hydration.ts'

describe('beforeHydration', () => {
  it('waits for every load asked for, and a failed load does not hold the page back', async () => {
    const order: string[] = []
    let finish!: () => void
    loadBeforeHydration(new Promise<void>((resolve) => (finish = resolve)).then(() => order.push('dropdown code')))
    loadBeforeHydration(Promise.reject(new Error('chunk gone')))
    const hydrated = beforeHydration().then(() => order.push('hydrate'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(order).toEqual([])
    finish()
    await hydrated
    expect(order).toEqual(['dropdown code', 'hydrate'])
  })
})
