import type { AnyApiQuery } from '#engine'
import type { CmsContent, Section } from '#schemas/cms.ts'

/** The section blocks that show API data (their queries are in section-data.ts, keyed the same). */
export const SECTIONS_WITH_DATA: ReadonlySet<string> = new Set(['section-plan-cards', 'section-savings-table'])

/**
 * The queries of a page's sections. The module that describes them (and the API schemas it
 * needs) loads only for a page that has such a section: an FAQ or a policy page loads none of it.
 */
export async function sectionsQueries(
  sections: readonly Section[],
  content: CmsContent,
): Promise<readonly AnyApiQuery[]> {
  if (!sections.some((section) => SECTIONS_WITH_DATA.has(section.block))) return []
  const { sectionQueries } = await import('./section-data.ts')
  return sectionQueries(sections, content)
}
