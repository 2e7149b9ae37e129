import { createRequire } from 'node:module'
import { z } from 'zod'

// ZIP centroids come from the `zipcodes` package's bundled data: no network service.
const zipcodes = z
  .object({ lookup: z.function({ input: [z.string()], output: z.unknown() }) })
  .parse(createRequire(import.meta.url)('zipcodes'))

const centroidSchema = z.object({ latitude: z.number(), longitude: z.number(), city: z.string(), state: z.string() })
export type Centroid = z.infer<typeof centroidSchema>

/** The centroid of a US ZIP code, or undefined for an unknown one. */
export function zipCentroid(zip: string): Centroid | undefined {
  const found = centroidSchema.safeParse(zipcodes.lookup(zip))
  return found.success ? found.data : undefined
}

const EARTH_RADIUS_MILES = 3958.8
const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h))
}
