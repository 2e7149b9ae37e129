import { useId, type SubmitEvent } from 'react'
import { useHref, useNavigate, useShellContext } from '#engine'
import { RADIUS_MILES } from '#schemas/api/search-limits.ts'
import { RADIUS_CHOICES } from '../kit/catalog/dentist-search.ts'
import { CONTROL, Field } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import { SectionBand } from '../kit/ui/section-band.tsx'
import { Card } from '../kit/ui/card.tsx'
import type { SectionZipBoxProps } from './props.ts'
import { fillText } from '#schemas/fill-text.ts'

/**
 * A ZIP code and a distance, sent to the dentist search as its address's `zip` and `radius`. It is
 * a plain GET form (it works before, and without, JavaScript); with JavaScript it navigates inside
 * the app instead of loading a new page. The browser checks the ZIP's five digits first.
 */
export default function SectionZipBox({
  heading,
  label,
  button_text,
  helper,
  zip_hint,
  radius_option,
}: SectionZipBoxProps) {
  const { pathTo } = useShellContext()
  const navigate = useNavigate()
  const headingId = useId()
  const action = pathTo('find-a-dentist')
  // Without JavaScript the form is sent by the browser: to the page in this page's language.
  const formAction = useHref(action)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const field = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : undefined
    }
    void navigate(pathTo('find-a-dentist', {}, { zip: field('zip'), radius: field('radius') }))
  }

  return (
    <SectionBand name="zip-box" tone="surface" width="3xl" className="flex flex-col gap-4 py-12">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-3xl font-bold">
          {heading}
        </h2>
        {helper && <p className="text-lg text-gray-700">{helper}</p>}
      </div>
      <Card
        as="form"
        padding="md"
        raised
        method="get"
        action={formAction}
        role="search"
        aria-labelledby={headingId}
        onSubmit={submit}
        className="flex flex-wrap items-end gap-4"
      >
        <Field label={label} hint={zip_hint}>
          {({ id, describedBy }) => (
            <input
              id={id}
              name="zip"
              required
              inputMode="numeric"
              pattern="\d{5}"
              maxLength={5}
              autoComplete="postal-code"
              title={zip_hint}
              aria-describedby={describedBy}
              className={`${CONTROL} w-36`}
            />
          )}
        </Field>
        <Field label="Distance">
          {({ id }) => (
            <select id={id} name="radius" defaultValue={String(RADIUS_MILES.default)} className={CONTROL}>
              {RADIUS_CHOICES.map((miles) => (
                <option key={miles} value={miles}>
                  {fillText(radius_option, { miles })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button variant="primary" type="submit">
          {button_text}
        </Button>
      </Card>
    </SectionBand>
  )
}
