import { useId, type Ref } from 'react'
import { Link } from '#engine'
import type { TermsConsentTexts } from '../settings.ts'

/**
 * The auto-renewal terms, filled with the order's values, next to the consent checkbox (B&P
 * §17602: clear and conspicuous, beside the consent), and a link to the Terms of Service: the
 * checkout's payment step and the dashboard's join flow show the same.
 */
export function TermsConsent({
  terms,
  texts,
  termsPath,
  checked,
  onChange,
  error,
  boxRef,
  headingLevel = 2,
}: {
  /** The terms with their values (fillTerms). */
  terms: string
  texts: TermsConsentTexts
  termsPath: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** Shown under the box when it must be ticked. */
  error: string | undefined
  boxRef?: Ref<HTMLInputElement>
  headingLevel?: 2 | 3 | 4
}) {
  const id = useId()
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border-2 border-gray-800 bg-white p-4"
    >
      <Heading id={`${id}-heading`} className="text-xl font-semibold">
        {texts.terms_heading}
      </Heading>
      <p id={`${id}-terms`} className="font-semibold">
        {terms}
      </p>
      <div className="flex items-start gap-3">
        <input
          ref={boxRef}
          id={`${id}-consent`}
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-terms`, error ? `${id}-consent-error` : ''].filter(Boolean).join(' ')}
        />
        <label htmlFor={`${id}-consent`}>{texts.consent_label}</label>
      </div>
      {error && (
        <p id={`${id}-consent-error`} className="font-medium text-red-700">
          {error}
        </p>
      )}
      <Link to={termsPath} className="self-start underline" target="_blank">
        {texts.terms_link} {texts.new_tab}
      </Link>
    </section>
  )
}
