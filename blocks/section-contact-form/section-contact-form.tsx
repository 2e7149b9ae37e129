import { useState } from 'react'
import { callApi } from '#engine'
import { supportApi } from '#schemas/api/routes.ts'
import { FormAlert, SelectField, showServerError, TextField, useZodForm, Field } from '../kit/form.tsx'
import type { SectionContactFormProps } from './props.ts'

/** The form's schema (the endpoint's, and zod) loads once the page is idle, or with the first check. */
const contactForm = () => import('./form-schema.ts').then((module) => module.contactFormSchema)
const FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const
const TOPICS = [
  { value: 'membership', label: 'My membership' },
  { value: 'billing', label: 'Billing and payments' },
  { value: 'find-a-dentist', label: 'Finding a dentist' },
  { value: 'website', label: 'This website' },
  { value: 'other', label: 'Something else' },
] as const

/** A message to member services: checked at each field, kept on a server error, confirmed with what happens next. */
export default function SectionContactForm({ title, text, submit: submitText, confirmation }: SectionContactFormProps) {
  const form = useZodForm(contactForm, { name: '', email: '', phone: '', topic: 'membership', message: '' })
  const [problem, setProblem] = useState<string>()
  const [sent, setSent] = useState<string>()
  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined)
    try {
      const answer = await callApi(supportApi.contact, { body })
      setSent(answer.message ?? 'Thank you. Your message is sent.')
      form.reset()
    } catch (error) {
      setProblem(showServerError(form, error, FIELDS))
    }
  })
  return (
    <section className="bg-white text-body" data-section="contact-form">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
        <h2 className="text-2xl font-bold">{title}</h2>
        {text && <p className="text-gray-700">{text}</p>}
        {sent ? (
          <FormAlert tone="success">
            <p className="font-semibold">{sent}</p>
            <p>{confirmation}</p>
            <button type="button" className="mt-2 underline" onClick={() => setSent(undefined)}>
              Send another message
            </button>
          </FormAlert>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={title}>
            {problem && <FormAlert>{problem}</FormAlert>}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="name" label="Your name" autoComplete="name" />
              <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
              <SelectField form={form} name="topic" label="Topic" options={TOPICS} />
            </div>
            <Field label="Message" error={form.formState.errors.message?.message}>
              {({ id, describedBy, invalid }) => (
                <textarea id={id} rows={6} aria-invalid={invalid} aria-describedby={describedBy} className="rounded border border-gray-400 bg-white px-3 py-2 text-body aria-[invalid=true]:border-red-700" {...form.register('message')} />
              )}
            </Field>
            <div>
              <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Sending…' : submitText}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  )
}
