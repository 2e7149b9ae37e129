/**
 * A text setting with `{name}` placeholders, filled with data: `fillText('Page {page} of {pages}',
 * { page: 2, pages: 5 })`. A placeholder without a value stays as written, so a content manager
 * sees a misspelt one on the page. One filler for the views, the terms (membership-terms.ts) and the
 * server's mails. No zod here: views import it, and it stays out of their chunk's weight.
 */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))

/**
 * The same for a text whose values are elements (a date in bold): its parts in order, the text
 * between placeholders as strings, to render as children.
 */
export const fillParts = <T>(text: string, values: Record<string, T>): (string | T)[] =>
  text
    .split(/\{(\w+)\}/g)
    .map((part, index) => (index % 2 === 0 ? part : (values[part] ?? `{${part}}`)))
    .filter((part) => part !== '')
