import type { z } from '#schemas/engine/zod.ts'
import { rememberingParser, type AnyApiQuery } from '#engine'
import type { CmsContent, Section } from '#schemas/cms.ts'
/* eslint-disable no-restricted-imports -- This seam is where the kit names the sections that show API data: it reads each one's props with that block's own schema (block.ts) and takes its queries from the block (queries.ts), so the loader and the component ask for the same data. Both modules are light: no component, no engine internals. */
import { sectionPlanCardsPropsSchema } from '../section-plan-cards/props.ts'
import { planCardsQueries } from '../section-plan-cards/queries.ts'
import { sectionSavingsTablePropsSchema } from '../section-savings-table/props.ts'
import { savingsTableQueries } from '../section-savings-table/queries.ts'
/* eslint-enable no-restricted-imports */

/** The API queries a section block shows data from, given its props (unchecked) and the content. */
type SectionData = (props: unknown, content: CmsContent) => readonly AnyApiQuery[]

/** A section's queries from its props as its own schema reads them: props it cannot read load nothing (the section reports them when it renders). */
const fromProps = <Props>(
  schema: z.ZodMiniType<Props>,
  queries: (props: Props, content: CmsContent) => readonly AnyApiQuery[],
): SectionData => {
  const read = rememberingParser(schema)
  return (props, content) => {
    const parsed = read(props)
    return parsed.success ? queries(parsed.data, content) : []
  }
}

/**
 * The sections that show API data (plan cards, a savings table), by block key. A page made of
 * sections (content pages, landing pages) runs these queries in its route loader, so the
 * sections render with their data in the first HTML instead of fetching after hydration.
 */
export const SECTION_DATA: Record<string, SectionData> = {
  'section-plan-cards': fromProps(sectionPlanCardsPropsSchema, planCardsQueries),
  'section-savings-table': fromProps(sectionSavingsTablePropsSchema, savingsTableQueries),
}

/** The queries of a page's sections, in order (each section's own, duplicates included: the query cache keys them). */
export const sectionQueries = (sections: readonly Section[], content: CmsContent): AnyApiQuery[] =>
  sections.flatMap((section) => SECTION_DATA[section.block]?.(section.props, content) ?? [])
