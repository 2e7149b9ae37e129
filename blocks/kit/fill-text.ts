/**
 * A text setting with `{name}` placeholders, filled with data: `fillText('Page {page} of {pages}',
 * { page: 2, pages: 5 })`. A placeholder without a value stays as written, so a content manager
 * sees a misspelt one on the page. No zod here: views import it, and it stays out of their chunk's
 * weight.
 */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
