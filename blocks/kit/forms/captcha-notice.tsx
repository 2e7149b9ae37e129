import { lazy, Suspense } from 'react'
import { useEngine } from '#engine'
import type { CaptchaNoticeTexts } from '../settings.ts'

/** The notice's text loads only where the bot check is on: every form page carries this gate alone. */
const NoticeText = lazy(() => import('./captcha-notice-text.tsx'))

/**
 * reCAPTCHA's notice by a form's button, shown only where the bot check is on: Google allows its
 * badge to be hidden (site-config/styles.css) only where each such form shows this text. Its
 * wording is content (captchaNoticeSettings); the links' targets are Google's.
 */
export function CaptchaNotice({ texts }: { texts: CaptchaNoticeTexts }) {
  return useEngine().config.enableRecaptcha ? (
    <Suspense>
      <NoticeText texts={texts} />
    </Suspense>
  ) : null
}
