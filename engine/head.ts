import { createContext } from 'react'

/** What the server collects while rendering, for the document head. */
export interface CollectedHead {
  title?: string
}

export interface HeadValue {
  globalTitle?: string | undefined
  /** Present on the server only. */
  collect?: CollectedHead | undefined
}

export const HeadContext = createContext<HeadValue>({})
