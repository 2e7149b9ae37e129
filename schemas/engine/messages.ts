/**
 * The words of the messages an API and its forms write (docs/adr/0029): its schemas and services
 * write English; a site's content gives each message's words in the page's language, keyed by the
 * English message, `{name}` standing for a value the message names (`Use at most {max} characters`).
 * Shared by the server (its error answers) and the browser (a form's own checks): no zod here.
 */
export type MessageWords = Readonly<Record<string, string>>

const PLACEHOLDER = /\{(\w+)\}/g
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A template's pattern (its values captured) and the names of its values, in order. */
function patternOf(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? (names.push(part.slice(1, -1)), '(.+?)') : escaped(part)))
    .join('')
  return { pattern: new RegExp(`^${source}$`, 's'), names }
}

const patterns = new Map<string, ReturnType<typeof patternOf>>()

/**
 * `message` in `words`: the words of its English template with its values filled in; the message as
 * written when `words` has none for it (the default language's words, as any untranslated text).
 */
export function wordMessage(message: string, words: MessageWords | undefined): string {
  if (!words) return message
  if (Object.hasOwn(words, message)) return words[message]!
  for (const [template, text] of Object.entries(words)) {
    if (!template.includes('{')) continue
    let compiled = patterns.get(template)
    if (!compiled) patterns.set(template, (compiled = patternOf(template)))
    const match = compiled.pattern.exec(message)
    if (!match) continue
    const values = compiled.names
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const index = values.indexOf(name)
      return index < 0 ? whole : match[index + 1]!
    })
  }
  return message
}

/**
 * An error answer (`{ message, issues }`) in `words`: each issue's message, and the answer's own
 * (whose issues it lists, `Validation error: …`, are worded inside it first).
 */
export function wordAnswer<A extends { message: string; issues?: readonly { message: string }[] | undefined }>(
  answer: A,
  words: MessageWords | undefined,
): A {
  if (!words) return answer
  let message = answer.message
  for (const issue of answer.issues ?? [])
    if (issue.message) message = message.split(issue.message).join(wordMessage(issue.message, words))
  return {
    ...answer,
    message: wordMessage(message, words),
    ...(answer.issues
      ? { issues: answer.issues.map((issue) => ({ ...issue, message: wordMessage(issue.message, words) })) }
      : {}),
  }
}
