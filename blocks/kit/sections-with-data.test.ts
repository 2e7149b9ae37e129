import { describe, expect, it } from 'vitest'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { SECTION_DATA } from './section-data.ts'
import { SECTIONS_WITH_DATA, sectionsQueries } from './sections-with-data.ts'

describe('sections with data', () => {
  it('names exactly the sections whose queries section-data.ts describes', () => {
    expect([...SECTIONS_WITH_DATA].sort()).toEqual(Object.keys(SECTION_DATA).sort())
  })

  it('asks nothing for a page without such a section, and each plan of the site for plan cards', async () => {
    const content = parseCmsContent({
      ...minimalContent,
      base: { variables: { ...minimalContent.base.variables, plans_whitelist: [{ plan_id: 7 }, { plan_id: 9 }] } },
    })
    expect(await sectionsQueries([{ block: 'section-faq', props: {} }], content)).toEqual([])
    const queries = await sectionsQueries([{ block: 'section-plan-cards', props: { heading: 'Plans' } }], content)
    expect(queries.map((query) => query.input)).toEqual([{ params: { id: 7 } }, { params: { id: 9 } }])
  })
})
