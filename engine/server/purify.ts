import { JSDOM } from 'jsdom'
import { createSanitizer } from '../purify.ts'

/** The server's sanitiser: DOMPurify over a jsdom window, so the first HTML is already safe. */
export const serverSanitize = createSanitizer(new JSDOM('').window)
