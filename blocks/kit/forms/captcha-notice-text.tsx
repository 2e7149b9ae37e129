import { fillParts } from '#schemas/fill-text.ts'
import type { CaptchaNoticeTexts } from '../settings.ts'

/** reCAPTCHA's notice (kit/forms/captcha-notice.tsx): the content's sentence with its two links in place. */
export default function CaptchaNoticeText({ texts }: { texts: CaptchaNoticeTexts }) {
  const link = (to: 'privacy' | 'terms', text: string) => (
    <a key={to} href={`https://policies.google.com/${to}`} className="underline">
      {text}
    </a>
  )
  return (
    <p className="text-sm text-gray-700">
      {fillParts(texts.captcha_notice, {
        privacy: link('privacy', texts.captcha_privacy),
        terms: link('terms', texts.captcha_terms),
      })}
    </p>
  )
}
