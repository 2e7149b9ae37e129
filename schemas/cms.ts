import { z } from './engine/zod.ts'
import {
  colorSchema,
  defaultedText,
  fixed,
  flag,
  linkSchema,
  list,
  localized,
  optionalImage,
  optionalLink,
  optionalPhoneLink,
  optionalText,
  requiredText,
  richText,
  TEXT_LIMITS,
} from './fields.ts'
import { footerKeySchema, headerKeySchema } from './layout.ts'
import { DEFAULT_LANGUAGE } from './languages.ts'
import { LOCALE_CODE } from './engine/localized.ts'
import { API_MESSAGES } from './messages.ts'
import { PAGE_TITLES } from './page-titles.ts'

/** The schema version this code reads. Older content is migrated forward (see migrations.ts). */
export const CMS_SCHEMA_VERSION = 2

const linkItem = z.object({
  title: requiredText('Title is required').check(z.describe('Title')),
  link: linkSchema.check(z.describe('Link')),
  external: flag('Opens in a new tab'),
  query: z
    .optional(fixed(z.record(z.string(), z.nullable(z.string()))))
    .check(z.describe('Query parameters appended to the link (empty values are skipped)')),
})
const iconLinkItem = z.extend(linkItem, { icon: fixed(optionalText('Icon name')) })

export const planRefSchema = z.object({
  plan_id: fixed(z.union([z.string().check(z.minLength(1)), z.number().check(z.int(), z.positive())])).check(
    z.describe('Plan id'),
  ),
})

/** The error page's words (a missing page, or one that failed): today's wording by default. */
const baseTextsSchema = z.object({
  not_found_hint: defaultedText(
    'The page may have moved, or the address may be mistyped.',
    'Error page: the help under a missing page’s message',
  ),
  error_hint: defaultedText(
    'Please try again in a moment. If it keeps happening, contact support.',
    'Error page: the help under any other error’s message',
  ),
  home_link: defaultedText('Go to the home page', 'Error page: the link to the home page'),
  search_link: defaultedText('Find a dentist', 'Error page: the link to the dentist search (a missing page only)'),
})

/**
 * The words of the privacy choices, asked only where the server waits for visitors' consent before
 * measuring performance (RUM_TRACKING_CONSENT=not-granted): today's wording by default. The footer
 * link that opens them again is among the footer's texts.
 */
const trackingConsentTextsSchema = z.object({
  title: defaultedText('Privacy choices', 'Heading and name of the privacy choices banner'),
  message: defaultedText(
    'With your permission, we measure how quickly our pages load and respond to clicks and taps, to find and fix slow pages. These measurements never include anything you type.',
    'What is measured, and what never is (the privacy choices banner)',
  ),
  allow: defaultedText('Allow', 'Button allowing the performance measurements'),
  decline: defaultedText('Decline', 'Button declining (or withdrawing) the performance measurements'),
  allowed: defaultedText(
    'You currently allow these measurements.',
    'Your current choice, when the banner is opened again after allowing',
  ),
  declined: defaultedText(
    'You currently decline these measurements.',
    'Your current choice, when the banner is opened again after declining',
  ),
})

const LANGUAGE_CODE_MESSAGE = 'Must be a lower-case language code such as es or zh-hant'

/** A language the site is published in: its code (the address prefix), its name and its suggestion, in it. */
const languageSchema = z.object({
  code: fixed(z.string()).check(
    z.regex(LOCALE_CODE, LANGUAGE_CODE_MESSAGE),
    z.describe('Language code: pages in it are at /{code}/… (the default language, en, at /…)'),
  ),
  // Each in its own language on every page: never translated.
  name: fixed(requiredText('Name is required')).check(z.describe('Name of the language, in it (Español)')),
  suggestion: z
    .object({
      text: fixed(requiredText('The suggestion is required')).check(
        z.describe('Said, in this language, to visitors who prefer it on a page in another'),
      ),
      accept: fixed(requiredText('The link is required')).check(z.describe('Link to the page in this language')),
      decline: fixed(requiredText('The link is required')).check(z.describe('Link that keeps the page’s language')),
    })
    .check(z.describe('Suggestion of this language')),
})

/** The languages: none (the default alone), or the default among them, each once. */
const languagesSchema = list(
  languageSchema,
  'Languages the site is published in (empty: English alone); switching shows in every header',
).check(
  z.superRefine((languages, ctx) => {
    const codes = languages.map((language) => language.code)
    if (languages.length > 0 && !codes.includes(DEFAULT_LANGUAGE))
      ctx.addIssue({ code: 'custom', message: `Must list ${DEFAULT_LANGUAGE}, the site’s default language`, path: [] })
    codes.forEach((code, index) => {
      if (codes.indexOf(code) !== index)
        ctx.addIssue({ code: 'custom', message: `Lists ${code} twice`, path: [index, 'code'] })
    })
  }),
)

/** A tagline: the notice in one language, in that language on every page (never translated). */
const taglineSchema = z.object({
  lang: fixed(z.string()).check(
    z.regex(LOCALE_CODE, LANGUAGE_CODE_MESSAGE),
    z.describe('Language code of the tagline (es, zh-hant, ar): read out and laid out in it'),
  ),
  text: fixed(requiredText('The tagline is required')).check(
    z.describe('The tagline, in its language ({phone} is the plan’s phone number)'),
  ),
})

/**
 * California's language assistance (H&S §1367.04, 28 CCR §1300.67.04): a notice that interpreters
 * and documents in the member's language are free, and taglines in the state's threshold languages.
 * Shown in the footer and on the grievance form, and at the end of every notice a member is mailed.
 */
export const languageAssistanceSchema = z.object({
  heading: defaultedText('Language assistance', 'Heading of the notice and its taglines'),
  notice: localized(
    defaultedText(
      'Free language assistance: you can have an interpreter, and your plan documents in your language, at no cost. Call {phone} (TTY 711).',
      'The notice of free language assistance ({phone} is the plan’s phone number)',
    ),
    { required: true },
  ),
  taglines: list(taglineSchema, 'Taglines, each in its language (California’s threshold languages)'),
})
export type LanguageAssistance = z.output<typeof languageAssistanceSchema>

/**
 * The words of the API's and forms' messages (schemas/messages.ts), each keyed by its English:
 * today's English by default; reworded or translated as any text (`{name}` stands for a value).
 */
const messagesSchema = z.object(
  Object.fromEntries(
    API_MESSAGES.map((message) => [message, defaultedText(message, `Message: ${message}`)] as const),
  ) as Record<(typeof API_MESSAGES)[number], ReturnType<typeof defaultedText>>,
)

/** Each page's title (the browser tab, search results): the manifest's by default. */
const pageTitlesSchema = z.object(
  Object.fromEntries(
    Object.entries(PAGE_TITLES).map(
      ([page, title]) => [page, defaultedText(title, `Title of the page ${page}`)] as const,
    ),
  ) as Record<keyof typeof PAGE_TITLES, ReturnType<typeof defaultedText>>,
)

export const baseVariablesSchema = z.object({
  group_key: fixed(z.string()).check(
    z.regex(/^[a-z0-9][a-z0-9_-]*$/, 'Must be lower-case letters, digits, - or _'),
    z.describe('Group key: the tenant this content belongs to'),
  ),
  plan_url: optionalLink('Plan page address'),
  plans_whitelist: list(planRefSchema, 'Plans offered on this site'),
  global_title: requiredText('Global title is required').check(z.describe('Global title, after each page title')),
  favicon: optionalImage('Favicon address'),
  meta_description: optionalText('Description of the site for search results (meta description)'),
  disable_performance_tracking: flag('Disable performance tracking'),
  languages: languagesSchema,
  language_assistance: z
    .optional(languageAssistanceSchema)
    .check(z.describe('Language assistance (plans selling in California): the notice and its taglines')),
  texts: z.prefault(baseTextsSchema, {}).check(z.describe('Texts of the error page')),
  page_titles: z
    .prefault(pageTitlesSchema, {})
    .check(z.describe('Titles of the pages (the browser tab and search results, before the global title)')),
  messages: z
    .prefault(messagesSchema, {})
    .check(z.describe('Messages of forms and answers (each under its English; {name} stands for a value)')),
  tracking_consent: z
    .prefault(trackingConsentTextsSchema, {})
    .check(z.describe('Texts of the privacy choices (shown when visitors are asked to allow performance tracking)')),
})

/** The words of the header variants that are not the site's data: today's wording by default. */
const headerTextsSchema = z.object({
  main_menu: defaultedText('Main', 'Name of the main menu (screen readers)'),
  top_bar: defaultedText('Top bar', 'Name of the top bar’s links (screen readers)'),
  open_menu: defaultedText('Open menu', 'Menu button on small screens, menu closed (screen readers)'),
  close_menu: defaultedText('Close menu', 'Menu button on small screens, menu open (screen readers)'),
  member_login: defaultedText('Member login', 'Member login link'),
  login: defaultedText('Login', 'Login menu button (when the top bar is hidden)'),
  dashboard: defaultedText('Dashboard', 'Dashboard link (signed in)'),
  logout: defaultedText('Logout', 'Logout button (signed in)'),
  advisor: defaultedText('Call a plan advisor', 'Above the phone number (header 5)'),
  banner: defaultedText('Announcement', 'Name of the banner (screen readers)'),
  provider_directory: defaultedText('Provider directory', 'Top bar link to the provider directory'),
  office_login: defaultedText('Office login', 'Top bar link to the office login'),
  new_tab: defaultedText('(opens in a new tab)', 'Read out after a link that opens a new tab (screen readers)'),
  languages: defaultedText('Language', 'Name of the language links (screen readers), when the site has languages'),
  idle_title: defaultedText('Are you still there?', 'Title of the warning before an idle sign-out'),
  idle_message: defaultedText(
    'You have been inactive for a while. For your security, we will sign you out in {time}.',
    'The warning before an idle sign-out ({time} is the time left, counting down)',
  ),
  idle_stay: defaultedText('Stay signed in', 'Button of the idle warning keeping the member signed in'),
  idle_sign_out: defaultedText('Sign out now', 'Button of the idle warning signing out at once'),
})

export const headerVariablesSchema = z.object({
  hide_top_header: flag('Hide the top bar'),
  header_phone_number: fixed(optionalText('Phone number shown in the top bar')),
  header_phone_link: optionalPhoneLink('Phone link (tel:)'),
  header_timing: optionalText('Opening hours text'),
  header_top_right_nav: list(iconLinkItem, 'Top bar links on the right'),
  header_top_right_directory: optionalLink('Provider directory link'),
  header_top_right_office_login: optionalLink('Office login link'),
  header_top_right_member_login: optionalLink('Member login link'),
  header_log: optionalImage('Logo'),
  header_log2: optionalImage('White logo (on dark backgrounds)'),
  header_log_alt: optionalText('Logo alternative text'),
  header_log_link: optionalLink('Logo link (default: home)'),
  header_menu: list(linkItem, 'Main menu'),
  header_menu_login_dropdown: list(linkItem, 'Login dropdown items'),
  header_join_now_text: optionalText('Join-now button text'),
  header_join_now_link: optionalLink('Join-now button link'),
  showHeaderBanner: flag('Show the banner'),
  headerBannerText: richText('Banner text (rich text)'),
  texts: z.prefault(headerTextsSchema, {}).check(z.describe('Texts of the header')),
})

export const landingHeaderVariablesSchema = z.object({
  headerLogo: optionalImage('Landing header logo'),
  ctaBtnText: optionalText('Call-to-action text'),
  ctaBtnUrl: optionalLink('Call-to-action link'),
})

/** The words of the footer variants that are not the site's data: today's wording by default. */
const footerTextsSchema = z.object({
  footer_menu: defaultedText('Footer', 'Name of the footer links (screen readers)'),
  copyright: defaultedText(
    '© {year} {company}. All rights reserved.',
    'Copyright line ({year}; {company} is the company name, without a final full stop)',
  ),
  explore: defaultedText('Explore', 'Heading above the links (footer 2)'),
  made_with_love: defaultedText('made with love in {country}', 'The country line (footer 2; {country} is the country)'),
  sponsor_logo: defaultedText('Sponsor', 'Alternative text of the sponsor logo'),
  programme_logo: defaultedText('Membership programme', 'Alternative text of the membership programme logo'),
  new_tab: defaultedText('(opens in a new tab)', 'Read out after a link that opens a new tab (screen readers)'),
  privacy_choices: defaultedText(
    'Privacy choices',
    'Link opening the privacy choices again (shown when visitors are asked to allow performance tracking)',
  ),
})

export const footerVariablesSchema = z.object({
  footer_logo: optionalImage('Footer logo'),
  footer_logo_alt: optionalText('Footer logo alternative text'),
  logoMembersy: optionalImage('Membership programme logo'),
  sponsored_by_text: optionalText('Sponsor text'),
  sponsored_logo: optionalImage('Sponsor logo'),
  sponsored_link: optionalLink('Sponsor link'),
  footer_txt: richText('Compliance text (rich text)'),
  footer_nav: list(linkItem, 'Footer links'),
  show_copyright_on_top: flag('Show the copyright line above the links'),
  footer_description: optionalText('Description (footer 2)'),
  country: optionalText('Country for the "made with love in" line (footer 2)'),
  texts: z.prefault(footerTextsSchema, {}).check(z.describe('Texts of the footer')),
})

export const layoutSchema = z.object({
  header: headerKeySchema.check(z.describe('Header variant on ordinary pages')),
  footer: footerKeySchema.check(z.describe('Footer variant')),
  landing_header: z._default(headerKeySchema, 'landing_header').check(z.describe('Header variant on landing pages')),
})

export const themeSchema = z.object({
  primary: colorSchema.check(z.describe('Primary brand colour')),
  primary_contrast: z._default(colorSchema, '#ffffff').check(z.describe('Text on the primary colour')),
  secondary: colorSchema.check(z.describe('Secondary brand colour')),
  accent: z._default(colorSchema, '#f59e0b').check(z.describe('Accent colour')),
  surface: z._default(colorSchema, '#ffffff').check(z.describe('Page background')),
  text: z._default(colorSchema, '#1f2937').check(z.describe('Body text colour')),
})

/** A section of a landing page: a registered section block and its settings. */
export const sectionSchema = z.object({
  block: z
    .string()
    .check(
      z.regex(/^section-[a-z0-9-]+$/, 'Choose a section block, such as section-hero'),
      z.describe('Section block'),
    ),
  props: z._default(z.record(z.string(), z.unknown()), {}).check(z.describe('Block settings')),
})
export type Section = z.output<typeof sectionSchema>

export const landingPageSchema = z.object({
  slug: fixed(z.string()).check(
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case slug such as spring-offer'),
    z.describe('Address: /{slug}'),
  ),
  title: requiredText('Title is required').check(z.describe('Page title')),
  headline: optionalText('Headline'),
  body: richText('Body (rich text)'),
  cta_text: optionalText('Call-to-action text'),
  cta_url: optionalLink('Call-to-action link'),
  home: flag('A home landing page (the header fixes on scroll)'),
  sections: list(sectionSchema, 'Sections, top to bottom'),
})

export const cmsContentSchema = z
  .object({
    schema_version: z.literal(CMS_SCHEMA_VERSION).check(z.describe('Content schema version')),
    base: z.object({ variables: baseVariablesSchema }),
    header: z.object({ variables: headerVariablesSchema }),
    landing_header: z.prefault(z.object({ variables: landingHeaderVariablesSchema }), { variables: {} }),
    footer: z.object({ variables: footerVariablesSchema }),
    layout: layoutSchema,
    theme: themeSchema,
    landing_pages: list(landingPageSchema, 'Landing pages, served at /{slug}'),
    translations: z
      .optional(
        fixed(
          z.record(
            z.string().check(z.regex(LOCALE_CODE, LANGUAGE_CODE_MESSAGE)),
            z.record(
              // A JSON Pointer: a message's address has its English words as its last key (spaces, braces).
              z.string().check(z.regex(/^\/[^\n]*$/, 'Must be the address of a text, such as /pages/faq/title')),
              z.string().check(z.maxLength(TEXT_LIMITS.richText)),
            ),
          ),
        ),
      )
      .check(
        z.describe(
          'Translations: for each language, the texts that replace the default language’s, by their address (/pages/faq/title)',
        ),
      ),
    pages: z
      .pipe(
        z.nullish(z.record(z.string().check(z.regex(/^[a-z0-9-]+$/)), z.record(z.string(), z.unknown()))),
        z.transform((value) => value ?? {}),
      )
      .check(
        z.describe('Texts and settings of the site’s pages, by page identifier (each page’s block gives their form)'),
      ),
  })
  .check(
    z.superRefine((content, ctx) => {
      if (content.translations && DEFAULT_LANGUAGE in content.translations)
        ctx.addIssue({
          code: 'custom',
          message: `${DEFAULT_LANGUAGE} is the default language: its texts are the content’s own`,
          path: ['translations', DEFAULT_LANGUAGE],
        })
      // `/es` is the Spanish home page: a landing page there would never be reached.
      const codes = new Set(content.base.variables.languages.map((language) => language.code))
      content.landing_pages.forEach((page, index) => {
        if (codes.has(page.slug))
          ctx.addIssue({
            code: 'custom',
            message: `The address /${page.slug} is the ${page.slug} site’s: choose another`,
            path: ['landing_pages', index, 'slug'],
          })
      })
    }),
  )

/** Content as the content service stores it (before parsing). */
export type CmsContentInput = z.input<typeof cmsContentSchema>
/** Content after parsing: every default applied, every flag a boolean. */
export type CmsContent = z.output<typeof cmsContentSchema>
export type HeaderVariables = CmsContent['header']['variables']
export type FooterVariables = CmsContent['footer']['variables']
export type BaseVariables = CmsContent['base']['variables']
export type LandingHeaderVariables = CmsContent['landing_header']['variables']
export type LandingPage = CmsContent['landing_pages'][number]
export type Theme = CmsContent['theme']
export type LinkItem = CmsContent['header']['variables']['header_menu'][number]
