/**
 * California's language assistance in words (schemas/cms.ts `languageAssistanceSchema`): the notice
 * and its taglines with the plan's phone filled in, as the footer, the grievance form and every
 * notice a member is mailed say them. One filler for the pages and the server's mails; no zod here
 * (the footer imports it).
 */
import { fillText } from './fill-text.ts'
import { formatPhone } from './phone.ts'

export interface LanguageAssistanceWords {
  heading: string
  notice: string
  taglines: { lang: string; text: string }[]
}

/** The notice and taglines with `{phone}` filled (the plan's number, or `fallback` where the site has none). */
export function languageAssistanceWords(
  assistance: LanguageAssistanceWords,
  phone: string | undefined,
  fallback = 'customer service',
): LanguageAssistanceWords {
  const values = { phone: phone ? formatPhone(phone) : fallback }
  return {
    heading: assistance.heading,
    notice: fillText(assistance.notice, values),
    taglines: assistance.taglines.map((tagline) => ({ lang: tagline.lang, text: fillText(tagline.text, values) })),
  }
}

/** The same at the end of a mail: a rule, the heading, the notice, then each tagline on its line. */
export const languageAssistanceText = (words: LanguageAssistanceWords) =>
  ['—', words.heading, words.notice, ...words.taglines.map((tagline) => tagline.text)].join('\n')

/** A mail's text with the language assistance at its end, where the site gives one. */
export const withLanguageAssistance = (text: string, words: LanguageAssistanceWords | undefined) =>
  words ? `${text}\n\n${languageAssistanceText(words)}` : text

/** The site's language assistance in words, from its content (none where the content gives none). */
export const contentLanguageAssistance = (content: {
  base: { variables: { language_assistance?: LanguageAssistanceWords | undefined } }
  header: { variables: { header_phone_number?: string | undefined } }
}) => {
  const assistance = content.base.variables.language_assistance
  return assistance && languageAssistanceWords(assistance, content.header.variables.header_phone_number)
}
