import createDOMPurify, { type WindowLike } from 'dompurify'
import { asParsed, isProtocolRelative, RICH_TEXT_CONFIG, SANITIZE_CACHE_SIZE, type Sanitize } from './sanitize.ts'

/**
 * Creates the sanitiser over a window: the browser's, or a jsdom window on the server, so the
 * first HTML is already safe.
 */
export function createSanitizer(window: WindowLike): Sanitize {
  const purify = createDOMPurify(window)
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const address = asParsed(data.attrValue)
    // DOMPurify lets any data: address through on images; here only an image's source may be
    // data:, and only data:image. A link never is (a data:image link opens a page of its own).
    if (data.attrName === 'src' && /^data:/i.test(address) && !/^data:image\//i.test(address)) data.keepAttr = false
    // A link to another site names its scheme: `//host` and its backslash forms would leave the
    // site in the same tab, looking like a site path.
    if (data.attrName === 'href' && (/^data:/i.test(address) || isProtocolRelative(data.attrValue)))
      data.keepAttr = false
  })
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
  })
  // Rich text repeats from request to request (a banner, a compliance text): remember results.
  const cache = new Map<string, string>()
  return (html) => {
    const known = cache.get(html)
    if (known !== undefined) return known
    const clean = purify.sanitize(html, RICH_TEXT_CONFIG)
    if (cache.size >= SANITIZE_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '')
    cache.set(html, clean)
    return clean
  }
}
