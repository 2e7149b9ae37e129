import { describe, expect, it } from 'vitest'
import { returnPath } from './return-path.ts'

describe('the address a console sign-in returns to', () => {
  it.each([
    ['?next=%2Fplayground', '/playground'],
    ['?next=%2Fplayground%2Fvitals', '/playground/vitals'],
    ['?next=%2Fplayground%3Fversion%3D3', '/playground?version=3'],
  ])('%s returns to the playground, %s', (search, expected) => {
    expect(returnPath(search)).toBe(expected)
  })

  it.each([
    '',
    '?next=',
    '?next=%2F%2Fevil.example%2Fplayground',
    '?next=https%3A%2F%2Fevil.example%2Fplayground',
    '?next=%2Fplaygroundx',
    '?next=%2Fdashboard',
    '?next=javascript%3Aalert(1)',
    '?next=%2F%5Cevil.example',
  ])('%s stays in the console', (search) => {
    expect(returnPath(search)).toBeUndefined()
  })
})
