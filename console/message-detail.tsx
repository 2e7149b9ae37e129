import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import { api } from './api.ts'
import { Field, fieldIssue, messageOf, Outcome } from './form.tsx'
import { MESSAGE_STATUS_LABELS, TOPIC_LABELS } from './messages.tsx'
import { LoadFailed, moment, NotFound, PageTitle } from './page.tsx'

/** A contact message and its thread of replies, with the reply form (mailed to the sender). */
export function MessageDetail() {
  const id = Number(useParams().id)
  const message = useQuery({
    queryKey: ['message', id],
    queryFn: () => api.message(id),
    enabled: Number.isInteger(id) && id > 0,
  })
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
      <section aria-labelledby="thread" className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4">
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
      </section>
      <Reply id={m.id} email={m.email} />
    </article>
  )
}

function Reply({ id, email }: { id: number; email: string }) {
  const queryClient = useQueryClient()
  const [done, setDone] = useState<string>()
  const [text, setText] = useState('')
  const reply = useMutation({
    mutationFn: (body: string) => api.reply(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(['message', id], updated)
      void queryClient.invalidateQueries({ queryKey: ['messages'] })
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
    <section aria-labelledby="reply" className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4">
      <h2 id="reply" className="text-lg font-semibold">
        Reply
      </h2>
      <form onSubmit={submit} noValidate aria-label="Reply" className="flex flex-col gap-2">
        <Field label="Your reply" hint={`Mailed to ${email}; at most 4,000 characters.`} error={issue}>
          {(props) => (
            <textarea
              {...props}
              name="text"
              rows={5}
              required
              maxLength={4000}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="cs-input"
            />
          )}
        </Field>
        <Outcome
          error={reply.error && !issue ? messageOf(reply.error, 'The reply was not sent. Try again.') : undefined}
          done={done}
        />
        <button type="submit" className="cs-button-primary self-start" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send the reply'}
        </button>
      </form>
    </section>
  )
}
