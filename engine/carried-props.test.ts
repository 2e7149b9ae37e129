import { describe, expect, it } from 'vitest'
import { hydrationProps, propsRecorder } from './carried-props.ts'
import { sameJson } from './same-json.ts'

describe('the blocks’ props carried from the server’s render to the browser’s hydration', () => {
  it('records the props a block rendered with, or a mark when they are its input', () => {
    const recorder = propsRecorder()
    recorder.record?.('a', { props: { text: 'Hi', tone: 'loud' }, same: false }, '1_header')
    recorder.record?.('b', { props: { text: 'Footer' }, same: true }, '1_footer')
    expect(recorder.carried()).toEqual({ a: { text: 'Hi', tone: 'loud' }, b: 0 })
    recorder.clear()
    expect(recorder.carried()).toEqual({})
  })

  it('refuses props that JSON would change, naming the block: the browser would hydrate with other props', () => {
    const recorder = propsRecorder()
    expect(() => recorder.record?.('a', { props: { since: new Date(0) }, same: false }, 'section-news')).toThrow(
      'The props of the block under "section-news" do not survive JSON (a Date, a Map, a function?): the page could not hydrate with them',
    )
    expect(recorder.carried()).toEqual({})
  })

  it('hands each block its server props while it hydrates, and never to a block mounted there later', () => {
    const carrier = hydrationProps({ a: { text: 'Hi', tone: 'loud' }, b: 0, c: { n: 1 } })
    const input = { text: 'Footer' }
    expect(carrier.claim?.('a', { text: 'Hi' })).toEqual({ input: { text: 'Hi' }, props: { text: 'Hi', tone: 'loud' } })
    // A render that is not committed (React may render twice) claims again.
    expect(carrier.claim?.('a', { text: 'Hi' })?.props).toEqual({ text: 'Hi', tone: 'loud' })
    expect(carrier.claim?.('b', input)?.props).toBe(input)
    carrier.consume?.('a')
    expect(carrier.claim?.('a', { text: 'Hi' })).toBeUndefined()
    expect(carrier.claim?.('unknown', input)).toBeUndefined()
    carrier.finish?.()
    expect(carrier.claim?.('c', {})).toBeUndefined()
  })

  it('carries the texts the server computed: the browser reads them instead of computing them, on any later page too', () => {
    const recorder = propsRecorder()
    let computed = 0
    const format = () => `formatted ${(computed += 1)}`
    expect(recorder.text?.('date.short 2026-03-01T08:00:00Z America/New_York', format)).toBe('formatted 1')
    // One computation per key in a render.
    expect(recorder.text?.('date.short 2026-03-01T08:00:00Z America/New_York', format)).toBe('formatted 1')
    expect(recorder.texts()).toEqual({ 'date.short 2026-03-01T08:00:00Z America/New_York': 'formatted 1' })

    const carrier = hydrationProps({}, [], recorder.texts())
    const never = () => {
      throw new Error('computed in the browser')
    }
    expect(carrier.text?.('date.short 2026-03-01T08:00:00Z America/New_York', never)).toBe('formatted 1')
    carrier.finish?.()
    expect(carrier.text?.('date.short 2026-03-01T08:00:00Z America/New_York', never)).toBe('formatted 1')
    // A text the server did not compute is computed.
    expect(carrier.text?.('date.short 2026-04-01T08:00:00Z America/New_York', () => '04/01/26')).toBe('04/01/26')
    recorder.clear()
    expect(recorder.texts()).toEqual({})
  })
})

describe('sameJson: the same data as JSON carries it', () => {
  it.each([
    [{ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }, true],
    [{ a: 1, gone: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 2 }, false],
    [[1, 2], [1, 2, 3], false],
    [{ a: [1] }, { a: { 0: 1 } }, false],
    [{ d: new Date(0) }, { d: new Date(0) }, false],
    [null, {}, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same)
  })
})
