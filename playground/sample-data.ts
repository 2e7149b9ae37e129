import { type AnyApiQuery, type ApiTransport } from '#engine'
import { contractUrl } from '#schemas/engine/contract.ts'
import { dashboardFixtures } from '#blocks/page-dashboard/fixtures.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * The preview's API for member pages: a content manager is not a member, so the dashboard shows a
 * sample member's data (the same fixtures as its stories), and nothing in the preview changes
 * anything. Other reads go to the site's API.
 */
export function sampleTransport(
  samples: readonly (readonly [AnyApiQuery, unknown])[] = dashboardFixtures,
): ApiTransport {
  const answers = new Map(
    samples.map(([query, data]) => [
      contractUrl(query.api, (query.input ?? {}) as { params?: unknown; query?: unknown }),
      data,
    ]),
  )
  return (path, init) => {
    if ((init.method ?? 'GET') !== 'GET')
      return Promise.resolve(json(403, { message: 'The preview shows sample data: nothing here is saved.' }))
    const sample = answers.get(path)
    return sample === undefined ? fetch(path, init) : Promise.resolve(json(200, sample))
  }
}
