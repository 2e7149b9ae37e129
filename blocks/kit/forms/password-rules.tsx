import { useMessage } from './message.ts'
import { PASSWORD_RULES } from '#schemas/password-rules.ts'
import type { PasswordRulesTexts } from '../settings.ts'

/**
 * The password rules (the server's own), each marked as met while the password is typed. The
 * email rule shows only when an email is known; the upper limit only once it is broken.
 */
export function PasswordRules({
  password,
  email,
  texts,
}: {
  password: string
  email?: string | undefined
  /** From the settings of the page showing them (passwordRulesSettings). */
  texts: PasswordRulesTexts
}) {
  const say = useMessage()
  const rules = PASSWORD_RULES.filter((rule) =>
    rule.message.startsWith('Use at most') ? rule.broken(password) : !rule.message.includes('email') || Boolean(email),
  )
  return (
    <ul aria-label={texts.password_rules_label} className="flex flex-col gap-0.5">
      {rules.map((rule) => {
        const met = password.length > 0 && !rule.broken(password, email)
        return (
          <li key={rule.message} className={met ? 'text-green-800' : 'text-gray-700'}>
            <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
            {say(rule.message)}
            <span className="sr-only">{` ${met ? texts.password_rule_done : texts.password_rule_not_yet}`}</span>
          </li>
        )
      })}
    </ul>
  )
}
