/** The states every footer variant has a story for (see header-stories.ts). */
import { expect, within } from 'storybook/test'
import type { FooterProps } from '../chrome/footer-props.ts'
import { footerArgs, PHONE } from './story-fixtures.ts'

interface FooterStory {
  args?: Partial<FooterProps>
  globals?: Record<string, unknown>
  play?: (context: { canvasElement: HTMLElement }) => Promise<void>
}

const everyPart = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('img', { name: 'Brightbite Dental Plan' })).toBeVisible()
  await expect(canvas.getByRole('navigation', { name: 'Footer' })).toBeVisible()
  await expect(canvasElement.querySelector('[data-part="copyright"]')).toHaveTextContent(
    '© 2026 Brightbite Benefits, Inc. All rights reserved.',
  )
  await expect(canvasElement.querySelector('[data-part="compliance"]')).toHaveTextContent('not insurance')
  await expect(canvasElement.querySelector('[data-part="sponsor"]')).toHaveTextContent(
    'Administered by Brightbite Benefits, Inc.',
  )
}

export const desktop: FooterStory = { play: everyPart }
export const phone: FooterStory = { globals: PHONE, play: everyPart }
export const copyrightOnTop: FooterStory = {
  args: { footer: { ...footerArgs.footer, show_copyright_on_top: true } },
  play: everyPart,
}

/** A content manager's words for the footer's own texts: the copyright line's template is filled with the year and company. */
export const inOtherWords: FooterStory = {
  args: {
    footer: {
      ...footerArgs.footer,
      texts: { ...footerArgs.footer.texts, footer_menu: 'Enlaces', copyright: 'Copyright {year} {company}' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('navigation', { name: 'Enlaces' })).toBeVisible()
    await expect(canvasElement.querySelector('[data-part="copyright"]')).toHaveTextContent(
      /^Copyright 2026 Brightbite Benefits, Inc$/,
    )
  },
}

/**
 * Where visitors are asked to allow performance tracking: the footer's links end with a button,
 * in the content's words, that opens the privacy choices again (the engine's banner, not drawn here).
 */
export const privacyChoices: FooterStory = {
  args: {
    privacyChoices: true,
    footer: { ...footerArgs.footer, texts: { ...footerArgs.footer.texts, privacy_choices: 'Your privacy' } },
  },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Footer' }))
    await expect(nav.getByRole('button', { name: 'Your privacy' })).toBeVisible()
    await expect(nav.queryByRole('link', { name: 'Your privacy' })).toBeNull()
  },
}

/** Where nobody is asked (consent is granted by the server's setting): no such button. */
export const noPrivacyChoices: FooterStory = {
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Footer' }))
    await expect(nav.getAllByRole('link').length).toBeGreaterThan(0)
    await expect(nav.queryByRole('button')).toBeNull()
  },
}

/**
 * A plan selling in California: the notice of free language assistance with the plan's number, and
 * each tagline in its language and direction (Arabic and Farsi right to left).
 */
export const languageAssistance: FooterStory = {
  args: {
    phone: '3105550110',
    languageAssistance: {
      heading: 'Language assistance',
      notice: 'Free interpreters and documents in your language. Call {phone}.',
      taglines: [
        {
          lang: 'es',
          text: 'ATENCIÓN: si habla español, tiene a su disposición servicios gratuitos. Llame al {phone}.',
        },
        {
          lang: 'ar',
          text: 'ملحوظة: إذا كنت تتحدث اللغة العربية، فإن خدمات المساعدة اللغوية تتوافر لك بالمجان. اتصل برقم {phone}.',
        },
        {
          lang: 'fa',
          text: 'توجه: اگر به زبان فارسی گفتگو می کنید، تسهیلات زبانی بصورت رایگان برای شما فراهم می باشد. با {phone} تماس بگیرید.',
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: 'Language assistance' })
    await expect(section).toHaveTextContent('Free interpreters and documents in your language. Call (310) 555-0110.')
    const tagline = (lang: string) => section.querySelector<HTMLElement>(`li[lang="${lang}"]`)!
    await expect(tagline('es')).toHaveTextContent('Llame al (310) 555-0110.')
    await expect(getComputedStyle(tagline('es')).direction).toBe('ltr')
    await expect(getComputedStyle(tagline('ar')).direction).toBe('rtl')
    await expect(getComputedStyle(tagline('fa')).direction).toBe('rtl')
  },
}
