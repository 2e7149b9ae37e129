/** Every route of a manifest, parents before their children (without zod: the browser's routes walk it). */
export function* routesOf<Route extends { children?: Route[] | undefined }>(
  routes: readonly Route[],
): Generator<Route> {
  for (const route of routes) {
    yield route
    yield* routesOf(route.children ?? [])
  }
}
