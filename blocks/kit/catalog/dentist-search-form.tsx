import { useRef, useState, type SyntheticEvent } from 'react'
import { showProgress, useHref, useNavigate } from '#engine'
import type { DentistSearch } from '#schemas/search.ts'
import {
  loadSearchCheck,
  RADIUS_CHOICES,
  SEARCH_FIELDS,
  searchFromForm,
  SPECIALTIES,
  type SearchProblems,
} from './dentist-search.ts'
import { fillText } from '#schemas/fill-text.ts'
import { CONTROL, Field } from '../forms/field.tsx'
import type { DentistSearchTexts } from '../settings.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'

const LANGUAGES = [
  'Spanish',
  'Mandarin',
  'Cantonese',
  'Vietnamese',
  'Tagalog',
  'Korean',
  'Arabic',
  'Armenian',
  'Russian',
  'Hindi',
  'Portuguese',
  'Navajo',
]

interface DentistSearchFormProps {
  /** The page's own path: the form submits to it (a plain GET without JavaScript). */
  action: string
  /** The search in the address: the fields start from it. */
  search: DentistSearch
  /** What is wrong with the search in the address (checked where the page rendered). */
  problems: SearchProblems | undefined
  /** The search landmark's name and the button's text. */
  label: string
  button: string
  /** The fields' texts, from the page's settings (dentistSearchSettings). */
  texts: DentistSearchTexts
}

/**
 * The dentist search: ZIP and distance, name, specialty, language, new patients. The search lives
 * in the address (shareable, back and forward work): submitting navigates to the page with it.
 * Each problem shows at its field and the first takes the focus; nothing typed is lost.
 * Remount it with a `key` of the search so the fields follow back and forward.
 */
export function DentistSearchForm({ action, search, problems: initial, label, button, texts }: DentistSearchFormProps) {
  const navigate = useNavigate()
  // Without JavaScript the form is sent by the browser: to the page in this page's language.
  const formAction = useHref(action)
  const [problems, setProblems] = useState(initial)
  const form = useRef<HTMLFormElement>(null)
  const radiusChoices: readonly string[] =
    search.radius && !RADIUS_CHOICES.includes(search.radius as never) && !initial?.radius
      ? [...RADIUS_CHOICES, search.radius]
      : RADIUS_CHOICES

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The page shows its progress from the click until the results are shown.
    void showProgress(send(searchFromForm(new FormData(event.currentTarget))))
  }
  const send = async (next: DentistSearch) => {
    // The check (the API's schema, and zod) loads with the first search the visitor sends.
    const checked = (await loadSearchCheck())(next)
    if (!checked.ok) {
      setProblems(checked.problems)
      const first = SEARCH_FIELDS.find((name) => checked.problems[name])
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setProblems(undefined)
    const query = new URLSearchParams(next).toString()
    await navigate(query ? `${action}?${query}` : action)
  }

  return (
    <Card
      as="form"
      padding="md"
      ref={form}
      role="search"
      aria-label={label}
      method="get"
      action={formAction}
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label={texts.search_zip_label} error={problems?.zip} hint={texts.search_zip_hint}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="zip"
            defaultValue={search.zip}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            className={CONTROL}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field label={texts.search_distance_label} error={problems?.radius}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            name="radius"
            defaultValue={initial?.radius ? '25' : (search.radius ?? '25')}
            className={CONTROL}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            {radiusChoices.map((miles) => (
              <option key={miles} value={miles}>
                {fillText(texts.search_radius_option, { miles })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={texts.search_name_label} error={problems?.name}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="name"
            defaultValue={search.name}
            className={CONTROL}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field label={texts.search_specialty_label} error={problems?.specialty}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            name="specialty"
            defaultValue={search.specialty ?? ''}
            className={CONTROL}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            <option value="">{texts.search_any_specialty}</option>
            {SPECIALTIES.map((specialty) => (
              <option key={specialty} value={specialty}>
                {specialty}
              </option>
            ))}
            {search.specialty && !SPECIALTIES.includes(search.specialty as never) && (
              <option value={search.specialty}>{search.specialty}</option>
            )}
          </select>
        )}
      </Field>
      <Field label={texts.search_language_label} error={problems?.language} hint={texts.search_language_hint}>
        {({ id, describedBy, invalid }) => (
          <>
            <input
              id={id}
              name="language"
              list={`${id}-languages`}
              defaultValue={search.language}
              className={CONTROL}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
            <datalist id={`${id}-languages`}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <div className="flex flex-col justify-end gap-3">
        <label className="flex items-center gap-2 font-medium text-body">
          <input
            type="checkbox"
            name="accepting"
            value="true"
            defaultChecked={search.accepting === 'true' || search.accepting === '1'}
            className="size-5"
          />
          {texts.search_accepting}
        </label>
        {problems?.accepting && <p className="text-sm font-medium text-red-700">{problems.accepting}</p>}
        <Button variant="primary" type="submit" className="self-start">
          {button}
        </Button>
      </div>
    </Card>
  )
}
