import { ENGINE_STATE_GLOBAL } from './engine-state.ts'

/**
 * For tests of hydration in a DOM (jsdom): puts a server-rendered page into the document as the
 * browser would get it, and answers its root element. Scripts inserted as HTML do not run, so the
 * router's hydration data and the engine's state are set as theirs would.
 */
export function servedPage(result: { html: string; state: unknown }, path = '/'): HTMLElement {
  window.history.replaceState(null, '', path)
  const container = document.createElement('div')
  container.innerHTML = result.html
  document.body.append(container)
  const routerData = /__staticRouterHydrationData = JSON\.parse\((".*")\);/.exec(result.html)?.[1]
  Reflect.set(window, '__staticRouterHydrationData', JSON.parse(JSON.parse(routerData!) as string))
  Reflect.set(window, ENGINE_STATE_GLOBAL, JSON.parse(JSON.stringify(result.state)))
  return container
}
