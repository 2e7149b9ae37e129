import { createContext, useContext } from 'react'
import type { DataSources } from './data-sources.ts'
import type { PathTo } from './paths.ts'
import type { Sanitize } from './sanitize.ts'
import { ONE_LANGUAGE } from './locale.ts'
import type { BlockRegistry } from './registry.ts'
import type { PropsCarrier } from './carried-props.ts'
import type { SiteConfig, SiteDefinition } from './site.ts'

export type EngineMode = 'development' | 'production'

/** What every part of the engine's tree can reach: set once per request (server) or page (browser). */
export interface EngineValue {
  registry: BlockRegistry
  /** What the engine asks the site: where its content keeps the chrome, who is a member. */
  site: SiteDefinition
  mode: EngineMode
  config: SiteConfig
  /** Registry keys of the blocks that rendered, collected on the server so their chunks can be preloaded. */
  rendered?: Set<string> | undefined
  /** On the server: receives the page title for the document head. */
  onTitle?: ((title: string) => void) | undefined
  sources: DataSources
  /** Site paths by page identifier, from the manifest. */
  pathTo: PathTo
  /** Sanitises rich text (DOMPurify over the browser's window, or jsdom's on the server). */
  sanitize: Sanitize
  /** The blocks' checked props: recorded by the server's render, handed to the browser's hydration. */
  carriedProps?: PropsCarrier | undefined
  /** The page's language (`lang`): the site's default, or the locale its path's prefix names. */
  locale: string
}

export const EngineContext = createContext<EngineValue | null>(null)

export function useEngine(): EngineValue {
  const value = useContext(EngineContext)
  if (!value) throw new Error('useEngine: no EngineContext; render inside the engine (EngineProvider)')
  return value
}

/**
 * The page's language, for what a block formats or says itself (`<html lang>`); outside the engine
 * (a block rendered alone), the default language.
 */
export const useLocale = (): string => useContext(EngineContext)?.locale ?? ONE_LANGUAGE.default

/** Vite replaces `import.meta.env.DEV`; outside Vite (modules Node runs itself) there is none: production. */
function isViteDev(): boolean {
  try {
    return import.meta.env.DEV
  } catch {
    return false
  }
}
export const defaultMode: EngineMode = isViteDev() ? 'development' : 'production'
