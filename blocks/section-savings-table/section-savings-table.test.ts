import { describe, expect, it } from 'vitest'
import type { CmsContent } from '#schemas/cms.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import { sectionQueries } from '../kit/testing/section-queries.ts'
import { sectionSavingsTable } from './block.ts'
import { storyContent } from '../kit/testing/story-fixtures.ts'
import { tableFees } from './queries.ts'

const queries = (sections: Parameters<typeof sectionQueries>[1], content: CmsContent) =>
  sectionQueries({ 'section-savings-table': sectionSavingsTable }, sections, content)
const fee = (code: string) => ({ code, procedure: code, usualFeeCents: 10000, memberFeeCents: 6000 })
const schedule = ['D0120', 'D1110', 'D2740'].map(fee)
const offering = (planIds: number[]): CmsContent => ({
  ...storyContent,
  base: {
    ...storyContent.base,
    variables: { ...storyContent.base.variables, plans_whitelist: planIds.map((plan_id) => ({ plan_id })) },
  },
})
const table = (props: Record<string, unknown>) => ({ block: 'section-savings-table', props })

describe('the savings table’s rows', () => {
  it('are the whole fee schedule when content chose no procedures', () => {
    expect(tableFees(schedule, undefined)).toEqual(schedule)
    expect(tableFees(schedule, [])).toEqual(schedule)
  })

  it('are the chosen procedures in content’s order, each once, without codes the plan has no fee for', () => {
    expect(tableFees(schedule, ['D2740', 'D9999', 'D0120', 'D2740']).map((item) => item.code)).toEqual([
      'D2740',
      'D0120',
    ])
  })
})

describe('the savings table’s data, loaded with the page', () => {
  it('is the first plan the site offers when content chose none', async () => {
    expect(await queries([table({ heading: 'Fees' })], offering([202, 201]))).toEqual([planQuery(202)])
  })

  it('is the plan content chose', async () => {
    expect(await queries([table({ heading: 'Fees', plan_id: 201 })], offering([202, 201]))).toEqual([planQuery(201)])
  })

  it('is nothing when the site offers no plan, or for props the block cannot read', async () => {
    expect(await queries([table({ heading: 'Fees' })], offering([]))).toEqual([])
    expect(await queries([table({ heading: 'Fees', codes: ['cleaning'] })], offering([201]))).toEqual([])
  })
})
