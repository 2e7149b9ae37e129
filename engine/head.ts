import { createContext } from 'react'

/** The site's global title, set by the shell once its content is known. */
export const HeadContext = createContext<{ globalTitle?: string | undefined }>({})
