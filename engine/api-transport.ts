import { useContext } from 'react'
import { browserTransport, type ApiTransport } from './api.ts'
import { EngineContext } from './engine-context.tsx'

/**
 * How this tree's API calls travel: the engine's transport (in-process on the server), or the
 * browser's `fetch` in an application that renders no site (the staff console).
 */
export function useApiTransport(): ApiTransport {
  return useContext(EngineContext)?.sources.transport ?? browserTransport
}
