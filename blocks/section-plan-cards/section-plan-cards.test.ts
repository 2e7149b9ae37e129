import { sectionPlanCardsPropsSchema } from './props.ts'
import { describe, expect, it } from 'vitest'
import type { CmsContent } from '#schemas/cms.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import { sectionQueries } from '../kit/testing/section-queries.ts'
import { sectionPlanCards } from './block.ts'
import { storyContent } from '../kit/testing/story-fixtures.ts'
import { annualSaving, cardFees, covers } from './cards.ts'

const queries = (sections: Parameters<typeof sectionQueries>[1], content: CmsContent) =>
  sectionQueries({ 'section-plan-cards': sectionPlanCards }, sections, content)
const fee = (code: string) => ({ code, procedure: code, usualFeeCents: 10000, memberFeeCents: 6000 })
const offering = (planIds: (number | string)[]): CmsContent => ({
  ...storyContent,
  base: {
    ...storyContent.base,
    variables: { ...storyContent.base.variables, plans_whitelist: planIds.map((plan_id) => ({ plan_id })) },
  },
})
const cards = (props: Record<string, unknown>) => ({ block: 'section-plan-cards', props })

describe('a plan card', () => {
  it('lists cleaning, exam, filling and crown first, whatever the schedule’s order', () => {
    const schedule = ['D2740', 'D0210', 'D2391', 'D0120', 'D1110'].map(fee)
    expect(cardFees(schedule).map((item) => item.code)).toEqual(['D1110', 'D0120', 'D2391', 'D2740'])
  })

  it('fills up to four fees from the rest of the schedule when the usual procedures are missing', () => {
    expect(cardFees(['D9972', 'D1110', 'D7140', 'D3330', 'D0210'].map(fee)).map((item) => item.code)).toEqual([
      'D1110',
      'D9972',
      'D7140',
      'D3330',
    ])
    expect(cardFees(['D1110', 'D7140'].map(fee)).map((item) => item.code)).toEqual(['D1110', 'D7140'])
  })

  it('says what paying yearly saves, to the cent, and nothing when it saves nothing', () => {
    expect(annualSaving({ monthlyPriceCents: 1495, annualPriceCents: 14900 })).toBe(3040)
    expect(annualSaving({ monthlyPriceCents: 1000, annualPriceCents: 12000 })).toBe(0)
    expect(annualSaving({ monthlyPriceCents: 1000, annualPriceCents: 13000 })).toBe(0)
  })

  it('says who the plan covers, in the content’s words', () => {
    const texts = sectionPlanCardsPropsSchema.parse({ heading: 'Plans' })
    expect(covers(0, texts)).toBe('Covers one person')
    expect(covers(1, texts)).toBe('Covers the member and up to 1 dependent')
    expect(covers(6, texts)).toBe('Covers the member and up to 6 dependents')
    const spanish = { ...texts, covers_dependents: 'Cubre al miembro y hasta {count} dependientes' }
    expect(covers(6, spanish)).toBe('Cubre al miembro y hasta 6 dependientes')
  })
})

describe('the plan cards’ data, loaded with the page', () => {
  it('is every plan the site offers, in its order, when content chose none', async () => {
    const content = offering([103, '101'])
    expect(await queries([cards({ heading: 'Plans' })], content)).toEqual([planQuery(103), planQuery(101)])
    expect(await queries([cards({ heading: 'Plans', plan_ids: [] })], content)).toEqual([
      planQuery(103),
      planQuery(101),
    ])
  })

  it('is the plans content chose, each once', async () => {
    expect(await queries([cards({ heading: 'Plans', plan_ids: [102, 101, 102] })], offering([101]))).toEqual([
      planQuery(102),
      planQuery(101),
    ])
  })

  it('is nothing for props the block cannot read', async () => {
    expect(
      await queries([cards({ heading: ' ' }), cards({ heading: 'Plans', plan_ids: ['x'] })], offering([101])),
    ).toEqual([])
  })
})
