/**
 * The states every site header variant has a story for. Each variant's stories file exports
 * these (CSF needs one named export per story); the play functions check what a visitor sees.
 */
import { expect, userEvent, within } from 'storybook/test'
import type { HeaderProps } from '../chrome/header-props.ts'
import { headerArgs, PHONE } from './story-fixtures.ts'

interface HeaderStory {
  args?: Partial<HeaderProps>
  globals?: Record<string, unknown>
  play?: (context: { canvasElement: HTMLElement }) => Promise<void>
}

const main = (canvasElement: HTMLElement) => within(canvasElement).getByRole('navigation', { name: 'Main' })

export const signedOut: HeaderStory = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/join-now')
    await expect(canvas.getAllByRole('link', { name: '(800) 555-0199' })[0]).toHaveAttribute('href', 'tel:8005550199')
    await expect(within(main(canvasElement)).getByRole('link', { name: 'Find a Dentist' })).toBeVisible()
  },
}

export const signedIn: HeaderStory = {
  args: { signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(within(main(canvasElement)).queryByRole('link', { name: 'Find a Dentist' })).toBeNull()
    await expect(within(main(canvasElement)).queryByRole('link', { name: 'Savings Summary' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'Join now' })).toBeNull()
    await expect(canvasElement.querySelector('[data-part="top-bar"]')).toBeNull()
  },
}

export const topHeaderHidden: HeaderStory = {
  args: { header: { ...headerArgs.header, hide_top_header: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-part="top-bar"]')).toBeNull()
    // The menu button (its code is loaded on demand: a rendered-in-the-browser header shows a
    // disabled Login button for that moment).
    await userEvent.click(await canvas.findByRole('button', { name: 'Login', expanded: false }))
    const menu = within(canvasElement.ownerDocument.body)
    await expect(await menu.findByRole('menuitem', { name: 'Member login' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}

export const withBanner: HeaderStory = {
  args: { header: { ...headerArgs.header, showHeaderBanner: true } },
  play: async ({ canvasElement }) => {
    const banner = canvasElement.querySelector('[data-part="banner"]')
    await expect(banner).toHaveTextContent('Spring offer: first month free with code SPRING.')
  },
}

export const phone: HeaderStory = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull()
  },
}

export const phoneMenuOpen: HeaderStory = {
  globals: PHONE,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }))
    await expect(canvas.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await expect(main(canvasElement)).toBeVisible()
  },
}

/** A content manager's words for the header's own texts (here in Spanish): the visitor reads them, screen readers too. */
export const inOtherWords: HeaderStory = {
  globals: PHONE,
  args: {
    header: {
      ...headerArgs.header,
      texts: {
        ...headerArgs.header.texts,
        main_menu: 'Principal',
        open_menu: 'Abrir menú',
        close_menu: 'Cerrar menú',
        member_login: 'Acceso de miembros',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }))
    await expect(canvas.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByRole('navigation', { name: 'Principal' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Acceso de miembros' })).toHaveAttribute('href', '/member-login')
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull()
  },
}

/** A site in two languages, on its Spanish page: the page in each, named in its own language. */
export const inTwoLanguages: HeaderStory = {
  args: {
    languages: {
      label: 'Idioma',
      current: 'es',
      path: '/find-a-dentist?zip=90210',
      links: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const languages = within(await within(canvasElement).findByRole('navigation', { name: 'Idioma' }))
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/language?choose=en&path=%2Ffind-a-dentist%3Fzip%3D90210',
    )
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('lang', 'en')
    await expect(languages.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'true')
  },
}
