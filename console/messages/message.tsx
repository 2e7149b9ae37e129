import { useState, type SyntheticEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffMessagesApi } from '#schemas/api/messages.console.routes.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf, Outcome } from '../frame/form.tsx'
import { LoadFailed, moment, NotFound, PageTitle } from '../frame/page.tsx'
import { MESSAGE_STATUS_LABELS, TOPIC_LABELS } from './labels.ts'
import { messageQuery } from './queries.ts'

/** A contact message and its thread of replies, with the reply form (mailed to the sender). */
export default function MessageDetail() {
  const id = Number(useParams().id)
  const message = useScreenQuery(messageQuery(id), { enabled: Number.isInteger(id) && id > 0 })
  if (!Number.isInteger(id) || id <= 0) return <NotFound />
  if (message.isPending) return <p>Loading the message…</p>
  if (message.error) {
    if (message.error instanceof ApiRequestError && message.error.status === 404) return <NotFound />
    return <LoadFailed what="The message" error={message.error} onRetry={() => void message.refetch()} />
  }
  const m = message.data
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link className="cs-link" to="/messages">
          All messages
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <PageTitle>Message from {m.name}</PageTitle>
        <p>
          Status: <strong>{MESSAGE_STATUS_LABELS[m.status]}</strong>. Topic: {TOPIC_LABELS[m.topic]}.
        </p>
      </header>
      <Card as="section" padding="md" aria-labelledby="thread" className="flex flex-col gap-3">
        <h2 id="thread" className="text-lg font-semibold">
          Thread
        </h2>
        <ol className="flex flex-col gap-3">
          <li className="rounded border border-slate-200 p-3">
            <p className="text-sm font-semibold">
              {m.name} ({m.email}
              {m.phone ? `, ${m.phone}` : ''}), {moment(m.receivedAt)}
            </p>
            <p className="whitespace-pre-line">{m.message}</p>
          </li>
          {m.thread.map((reply) => (
            <li key={reply.at} className="ml-4 rounded border border-sky-200 bg-sky-50 p-3">
              <p className="text-sm font-semibold">
                Reply by {reply.from ?? 'a removed account'}, {moment(reply.at)}
              </p>
              <p className="whitespace-pre-line">{reply.text}</p>
            </li>
          ))}
        </ol>
      </Card>
      <Reply id={m.id} email={m.email} />
    </article>
  )
}

function Reply({ id, email }: { id: number; email: string }) {
  const [done, setDone] = useState<string>()
  const [text, setText] = useState('')
  const reply = useApiMutation(staffMessagesApi.reply, {
    input: (body: string) => ({ params: { id }, body: { text: body } }),
    onSuccess: (updated, _body, client) => {
      setApiData(client, messageQuery(id), updated)
      void invalidateApi(client, staffMessagesApi.messages)
      setText('')
      setDone(`Reply sent to ${email}.`)
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setDone(undefined)
    reply.mutate(text.trim())
  }
  const issue = fieldIssue(reply.error, 'text')
  return (
    <Card as="section" padding="md" aria-labelledby="reply" className="flex flex-col gap-3">
      <h2 id="reply" className="text-lg font-semibold">
        Reply
      </h2>
      <form onSubmit={submit} noValidate aria-label="Reply" className="flex flex-col gap-2">
        <Field label="Your reply" hint={`Mailed to ${email}; at most 4,000 characters.`} error={issue}>
          {(ids) => (
            <textarea
              {...control(ids)}
              name="text"
              rows={5}
              required
              maxLength={4000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <Outcome
          error={reply.error && !issue ? messageOf(reply.error, 'The reply was not sent. Try again.') : undefined}
          done={done}
        />
        <Button variant="primary" type="submit" className="self-start" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send the reply'}
        </Button>
      </form>
    </Card>
  )
}
