import { ENGINE_STATE_ID, serializeForScript } from './engine-state.ts'

/**
 * For tests of hydration in a DOM (jsdom): puts a server-rendered page into the document as the
 * browser would get it, and answers its root element. Scripts inserted as HTML do not run, so the
 * router's hydration data is set as its would; the engine's state is written as the server writes it.
 */
export function servedPage(result: { html: string; state: unknown }, path = '/'): HTMLElement {
  window.history.replaceState(null, '', path)
  const container = document.createElement('div')
  container.innerHTML = result.html
  document.body.append(container)
  const routerData = /__staticRouterHydrationData = JSON\.parse\((".*")\);/.exec(result.html)?.[1]
  Reflect.set(window, '__staticRouterHydrationData', JSON.parse(JSON.parse(routerData!) as string))
  document.getElementById(ENGINE_STATE_ID)?.remove()
  const state = document.createElement('script')
  state.type = 'application/json'
  state.id = ENGINE_STATE_ID
  state.textContent = serializeForScript(result.state)
  document.body.append(state)
  return container
}
