import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within, waitFor } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageMemberLoginPropsSchema } from './props.ts'
import { memberLoginSettingsSchema } from './settings.ts'
import PageMemberLogin from './page-member-login.tsx'

const meta = {
  title: 'Pages/member-login · Member login and password reset',
  component: PageMemberLogin,
  args: {
    settings: memberLoginSettingsSchema.parse({}),
    mode: 'sign-in' as const,
    officeLoginUrl: 'https://offices.example.com',
    redirect: undefined,
    signedIn: false,
    paths: { signIn: '/member-login', reset: '/reset-password', dashboard: '/dashboard', join: '/join-now' },
  },
  argTypes: argTypesFromSchema(pageMemberLoginPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageMemberLogin>

export default meta
type Story = StoryObj<typeof meta>

/** Sign-in: empty fields get their message at the field, and the first takes the focus. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Member login' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Sign in' }))
    // The form's schema loads with its first check.
    await waitFor(() => expect(page.getByLabelText('Email')).toHaveFocus())
    await expect(page.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address')
    await expect(page.getByRole('link', { name: /office portal/ })).toHaveAttribute(
      'href',
      'https://offices.example.com',
    )
  },
}

/** With the bot check on, reCAPTCHA's notice is by the button, with its two links (its badge is hidden). */
export const SignInWithBotCheck: Story = {
  parameters: { recaptcha: true },
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Member login' }))
    const privacy = await form.findByRole('link', { name: 'Privacy Policy' })
    await expect(privacy.parentElement).toHaveTextContent(
      'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
    )
    await expect(privacy).toHaveAttribute('href', 'https://policies.google.com/privacy')
    await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://policies.google.com/terms',
    )
  },
}

/** The reset state asks for the email. */
export const AskForLink: Story = {
  args: { mode: 'reset' as const },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  },
}

/** From the mailed link: a new password, with the rules checked as it is typed. */
export const NewPassword: Story = {
  args: { mode: 'reset' as const, token: 'a'.repeat(43) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await userEvent.type(page.getByLabelText('New password'), 'Longer-pass-1')
    await expect(page.getByRole('list', { name: 'Password rules' })).toHaveTextContent('✓ Use at least 12 characters')
  },
}

/** The mailed link opened while signed in: sign out first (the link is kept), or back to the dashboard. */
export const LinkWhileSignedIn: Story = {
  args: { mode: 'reset' as const, token: 'a'.repeat(43), signedIn: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out and set a new password' })).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard')
    await expect(page.queryByLabelText('New password')).toBeNull()
  },
}

export const Phone: Story = { globals: PHONE }
