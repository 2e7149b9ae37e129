import { Link } from 'react-router-dom'
import { DataTable, type DataColumn } from '#engine/table'
import { CONTACT_MESSAGE_STATUSES, type staffMessageRowSchema } from '#schemas/api/staff-messages.ts'
import type { z } from '#schemas/engine/zod.ts'
import { useAddressFilters } from '../frame/address-filters.ts'
import { useScreenQuery } from '../frame/data.ts'
import { FilterForm, SelectFilter } from '../frame/filter-form.tsx'
import { day, LoadFailed, PageTitle } from '../frame/page.tsx'
import { MESSAGE_STATUS_LABELS, TOPIC_LABELS } from './labels.ts'
import { messagesQuery } from './queries.ts'

type Row = z.output<typeof staffMessageRowSchema>
type Status = (typeof CONTACT_MESSAGE_STATUSES)[number]

const TOPICS = Object.keys(TOPIC_LABELS) as Row['topic'][]

const filtersOf = (params: URLSearchParams) => {
  const topic = params.get('topic')
  const status = params.get('status')
  return {
    ...(TOPICS.includes(topic as Row['topic']) ? { topic: topic as Row['topic'] } : {}),
    ...(CONTACT_MESSAGE_STATUSES.includes(status as Status) ? { status: status as Status } : {}),
  }
}

const COLUMNS: DataColumn<Row>[] = [
  {
    header: 'From',
    rowHeader: true,
    className: 'p-2',
    cell: (row) => (
      <Link className="cs-link font-medium" to={`/messages/${row.id}`}>
        {row.name}
      </Link>
    ),
  },
  { header: 'Email', className: 'p-2', cell: (row) => row.email },
  { header: 'Topic', className: 'p-2', cell: (row) => TOPIC_LABELS[row.topic] },
  { header: 'Received', className: 'p-2', cell: (row) => day(row.receivedAt) },
  {
    header: 'Status',
    className: 'p-2',
    cell: (row) =>
      row.answeredAt
        ? `Answered ${day(row.answeredAt)} (${row.replies} ${row.replies === 1 ? 'reply' : 'replies'})`
        : 'Open',
  },
]

/** Contact messages: open ones first, the longest waiting first; by topic and status (kept in the address). */
export default function Messages() {
  const [filters, set] = useAddressFilters(filtersOf)
  const list = useScreenQuery(messagesQuery(filters))

  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Messages</PageTitle>
      <FilterForm>
        <SelectFilter
          label="Topic"
          every="Every topic"
          value={filters.topic}
          options={TOPICS}
          labels={TOPIC_LABELS}
          onChange={(value) => set('topic', value)}
        />
        <SelectFilter
          label="Status"
          every="Every status"
          value={filters.status}
          options={CONTACT_MESSAGE_STATUSES}
          labels={MESSAGE_STATUS_LABELS}
          onChange={(value) => set('status', value)}
        />
      </FilterForm>
      {list.isPending && <p>Loading the messages…</p>}
      {list.error && <LoadFailed what="The messages" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {list.data.messages.length === 1 ? '1 message' : `${list.data.messages.length} messages`}
          </p>
          {list.data.messages.length > 0 && (
            <div
              role="region"
              aria-labelledby="messages-caption"
              tabIndex={0}
              className="overflow-x-auto rounded border border-slate-300 bg-white"
            >
              <DataTable
                caption="Messages, open ones first"
                captionId="messages-caption"
                className="w-full min-w-[40rem] text-left text-sm"
                headClassName="bg-slate-100"
                rowClassName={() => 'border-t border-slate-200'}
                rowKey={(row) => row.id}
                rows={list.data.messages}
                columns={COLUMNS}
              />
            </div>
          )}
        </>
      )}
    </section>
  )
}
