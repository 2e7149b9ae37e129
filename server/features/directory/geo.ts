import { createRequire } from 'node:module'
import { z } from '#schemas/engine/zod.ts'

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
export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h))
}

/** The latitude and longitude ranges that hold every point within a distance of a centre. */
export interface BoundingBox {
  minLatitude: number
  maxLatitude: number
  /** Absent when the box reaches a pole or crosses the antimeridian: every longitude then. */
  longitude?: { min: number; max: number }
}

/**
 * The smallest latitude/longitude box around a circle on the sphere (J. Matuschek, "Finding
 * Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates"). The longitude
 * half-width is asin(sin d / cos lat), a little wider than d / cos lat: a great circle bulges
 * towards the pole, and the simple formula would cut off offices near the box's corners on a
 * wide search. A hair of slack keeps rounding from dropping a point on the edge.
 */
export function boundingBox(centre: { latitude: number; longitude: number }, radiusMiles: number): BoundingBox {
  const angular = radiusMiles / EARTH_RADIUS_MILES
  const slack = 1e-9
  const latitudeDelta = (angular * 180) / Math.PI + slack
  const minLatitude = centre.latitude - latitudeDelta
  const maxLatitude = centre.latitude + latitudeDelta
  if (maxLatitude >= 90 || minLatitude <= -90)
    return { minLatitude: Math.max(minLatitude, -90), maxLatitude: Math.min(maxLatitude, 90) }
  const longitudeDelta =
    (Math.asin(Math.min(1, Math.sin(angular) / Math.cos(radians(centre.latitude)))) * 180) / Math.PI + slack
  const min = centre.longitude - longitudeDelta
  const max = centre.longitude + longitudeDelta
  if (min < -180 || max > 180) return { minLatitude, maxLatitude }
  return { minLatitude, maxLatitude, longitude: { min, max } }
}
