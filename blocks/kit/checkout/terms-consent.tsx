import { useId, useRef, useState, type Ref } from 'react'
import { Link } from '#engine'
import type { TermsConsentTexts } from '../settings.ts'

/** A consent checkbox with its label and, when it must be ticked, its message. */
export interface ConsentBox {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** Shown under the box when it must be ticked. */
  error: string | undefined
  boxRef?: Ref<HTMLInputElement> | undefined
}

function Checkbox({
  id,
  describedBy,
  label,
  checked,
  onChange,
  error,
  boxRef,
}: ConsentBox & { id: string; describedBy?: string | undefined }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <input
          ref={boxRef}
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy ?? '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  )
}

/** A consent box's state: ticked or not, and its message once it was required unticked. */
export function useConsentBox(label: string, required: string) {
  const [checked, setChecked] = useState(false)
  const [error, setError] = useState<string>()
  const boxRef = useRef<HTMLInputElement>(null)
  const box: ConsentBox = {
    label,
    checked,
    onChange: (value) => {
      setChecked(value)
      if (value) setError(undefined)
    },
    error,
    boxRef,
  }
  return {
    box,
    /** Whether it is ticked; if not, its message shows. */
    require: () => {
      setError(checked ? undefined : required)
      return checked
    },
    focus: () => boxRef.current?.focus(),
  }
}

/**
 * Every box required before paying: each one missing says so at its place, and focus goes to the
 * first of them. Answers whether all are ticked.
 */
export function requireConsents(...boxes: ReturnType<typeof useConsentBox>[]): boolean {
  const missing = boxes.filter((box) => !box.require())
  missing[0]?.focus()
  return missing.length === 0
}

/**
 * The auto-renewal terms, filled with the order's values, next to the consent checkbox (B&P
 * §17602: clear and conspicuous, beside the consent), and a link to the Terms of Service: the
 * checkout's payment step and the dashboard's join flow show the same. With `renewal`, the consent
 * to the automatic renewal terms is a box of its own right under them, apart from the Terms of
 * Service's (California's AB 2863, in force July 2025).
 */
export function TermsConsent({
  terms,
  texts,
  termsPath,
  consent,
  renewal,
  headingLevel = 2,
}: {
  /** The terms with their values (fillTerms). */
  terms: string
  texts: TermsConsentTexts
  termsPath: string
  /** The consent to the Terms of Service (useConsentBox). */
  consent: ConsentBox
  /** The separate consent to the automatic renewal terms (its own box and label). */
  renewal?: ConsentBox
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
      {renewal && <Checkbox {...renewal} id={`${id}-renewal`} describedBy={`${id}-terms`} />}
      <Checkbox {...consent} id={`${id}-consent`} describedBy={renewal ? undefined : `${id}-terms`} />
      <Link to={termsPath} className="self-start underline" target="_blank">
        {texts.terms_link} {texts.new_tab}
      </Link>
    </section>
  )
}
