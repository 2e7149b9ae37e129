import { useState } from 'react'
import { useApiMutation } from '#engine/mutation'
import { CONTROL, Field, FormAlert } from '../kit/forms/field.tsx'
import { TextInput } from '../kit/forms/text-input.tsx'
import { useLightForm } from '../kit/forms/light-form.ts'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import { Button } from '../kit/ui/button.tsx'
import type { ContactRequest } from '#schemas/api/messages.ts'
import type { SectionContactFormProps } from './props.ts'

/**
 * The form's schema and the endpoint's contract (and zod) load once the page is idle, or with the
 * first check; the message is sent once they are here.
 */
const formModule = () => import('./form-schema.ts')
const contactForm = () => formModule().then((module) => module.contactFormSchema)
const contactContract = () => formModule().then((module) => module.contactContract)

const FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const
/** The topics: the API's values, in this order, each named by its setting. */
const TOPICS = [
  ['membership', 'topic_membership'],
  ['billing', 'topic_billing'],
  ['find-a-dentist', 'topic_find_dentist'],
  ['website', 'topic_website'],
  ['other', 'topic_other'],
] as const satisfies readonly (readonly [ContactRequest['topic'], keyof SectionContactFormProps])[]

/**
 * A message to member services: checked at each field, kept on a server error, confirmed with what
 * happens next. A light form (kit/forms/light-form.ts): a content page does not carry a form library.
 */
export default function SectionContactForm(props: SectionContactFormProps) {
  const { title, text, submit: submitText, confirmation, send_another, name_label, phone_label } = props
  const form = useLightForm(contactForm, FIELDS)
  const [problem, setProblem] = useState<string>()
  const message = useApiMutation(contactContract, { headers: useBotCheck('contact') })
  const submit = form.onSubmit((body, element) => {
    setProblem(undefined)
    message.mutate({ body }, { onError: (error) => setProblem(form.showServerError(element, error)) })
  })
  // The content's words (the page's language), not the API's sentence.
  const sent = message.data && props.sent
  const control = (name: (typeof FIELDS)[number]) => ({ name, className: CONTROL })
  return (
    <section className="bg-white text-body" data-section="contact-form">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
        <h2 className="text-2xl font-bold">{title}</h2>
        {text && <p className="text-gray-700">{text}</p>}
        {sent ? (
          <FormAlert tone="success">
            <p className="font-semibold">{sent}</p>
            <p>{confirmation}</p>
            <Button variant="link" className="mt-2" onClick={() => message.reset()}>
              {send_another}
            </Button>
          </FormAlert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            onChange={form.onChange}
            className="flex flex-col gap-4"
            aria-label={title}
          >
            {problem && <FormAlert>{problem}</FormAlert>}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput name="name" label={name_label} error={form.problems.name} autoComplete="name" />
              <TextInput
                name="email"
                label={props.email_label}
                error={form.problems.email}
                type="email"
                autoComplete="email"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput name="phone" label={phone_label} error={form.problems.phone} type="tel" autoComplete="tel" />
              <Field label={props.topic_label} error={form.problems.topic}>
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    {...control('topic')}
                    defaultValue="membership"
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                  >
                    {TOPICS.map(([value, setting]) => (
                      <option key={value} value={value}>
                        {props[setting]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field label={props.message_label} error={form.problems.message}>
              {({ id, describedBy, invalid }) => (
                <textarea
                  id={id}
                  {...control('message')}
                  rows={6}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
            <div>
              <Button variant="primary" type="submit" disabled={message.isPending}>
                {message.isPending ? props.sending : submitText}
              </Button>
            </div>
            <CaptchaNotice texts={props} />
          </form>
        )}
      </div>
    </section>
  )
}
