import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type data } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { describeError } from './error-description.ts'
import { noRouteMatched, pageCheckFailed } from './errors.ts'

const thrown = (response: ReturnType<typeof data>) =>
  new ErrorResponseImpl(response.init?.status ?? 500, '', response.data)

describe('describeError', () => {
  it('describes a failed route check as "Page Not Found" with the path', () => {
    expect(describeError(thrown(pageCheckFailed('/office/abc')))).toEqual({
      status: 404,
      title: 'Page Not Found',
      message: 'Page Not Found: /office/abc',
      fatal: true,
    })
  })

  it('describes an unmatched path as a non-fatal "Page not found"', () => {
    expect(describeError(thrown(noRouteMatched('/zz/yy')))).toMatchObject({
      status: 404,
      message: 'Page not found: /zz/yy',
      fatal: false,
    })
  })

  it.each([
    [403, 'Forbidden'],
    [503, 'Service Unavailable'],
    [418, 'Internal Server Error'],
  ])('titles status %i "%s"', (status, title) => {
    expect(describeError(new ErrorResponseImpl(status, '', 'Nope')).title).toBe(title)
  })

  it('describes any other error as a 500 "Internal Server Error" with its message', () => {
    expect(describeError(new Error('Database is down'))).toEqual({
      status: 500,
      title: 'Internal Server Error',
      message: 'Database is down',
      fatal: true,
    })
    expect(describeError('a string')).toMatchObject({ status: 500, message: 'Something went wrong.' })
  })
})
