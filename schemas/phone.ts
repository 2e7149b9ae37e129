// The specification's phone rules, shared by the pages and the server's mails.

/** The digits of a phone number, for a `tel:` link. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '')

/**
 * Formats a phone number as `(xxx) xxx-xxxx` when it has exactly ten digits; any other
 * number is shown as the content wrote it.
 */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone)
  if (digits.length !== 10) return phone.trim()
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The `tel:` link of a phone number: its digits only. */
export const phoneHref = (phone: string): string => `tel:${phoneDigits(phone)}`
