// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BlockRegistry } from '#engine'
import { BlockFrame } from '#engine/tools'
import { z } from '#schemas/engine/zod.ts'
import { manifest } from '#site-config/manifest.ts'
import { site } from '#site-config/site.ts'
import { storyConfig, storyContent } from '../testing/story-fixtures.ts'
import { captchaNoticeSettings } from '../settings.ts'
import { CaptchaNotice } from './captcha-notice.tsx'

afterEach(cleanup)

const defaults = z.object(captchaNoticeSettings).parse({})

function renderNotice(enableRecaptcha: boolean, texts = defaults) {
  render(
    <BlockFrame
      content={storyContent}
      config={{ ...storyConfig, enableRecaptcha }}
      registry={new BlockRegistry({})}
      site={site}
      manifest={manifest}
      session={{ isAuthenticated: false }}
      path="/member-login"
    >
      <form aria-label="Sign in">
        <button type="submit">Sign in</button>
        <CaptchaNotice texts={texts} />
      </form>
    </BlockFrame>,
  )
}

describe('CaptchaNotice', () => {
  it('with the bot check on, says the form is protected by reCAPTCHA, with links to Google’s policies', async () => {
    renderNotice(true)
    const privacy = await screen.findByRole('link', { name: 'Privacy Policy' })
    expect(privacy).toHaveProperty('href', 'https://policies.google.com/privacy')
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveProperty(
      'href',
      'https://policies.google.com/terms',
    )
    expect(privacy.parentElement?.textContent).toBe(
      'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
    )
  })

  it('takes its wording from content, the links where its placeholders are', async () => {
    renderNotice(true, {
      captcha_notice: 'reCAPTCHA checks this form ({terms}, {privacy}).',
      captcha_privacy: 'privacy',
      captcha_terms: 'terms',
    })
    const terms = await screen.findByRole('link', { name: 'terms' })
    expect(terms.parentElement?.textContent).toBe('reCAPTCHA checks this form (terms, privacy).')
    expect(screen.getByRole('link', { name: 'privacy' })).toHaveProperty('href', 'https://policies.google.com/privacy')
  })

  it('with the bot check off, shows nothing', () => {
    renderNotice(false)
    expect(screen.getByRole('form', { name: 'Sign in' }).textContent).toBe('Sign in')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
