import { Link } from 'react-router-dom'
import type { DataColumn } from '#engine/table'
import { CONTACT_MESSAGE_STATUSES, type staffMessageRowSchema } from '#schemas/api/messages.ts'
import type { z } from '#schemas/engine/zod.ts'
import { useAddressFilters } from '../frame/address-filters.ts'
import { useScreenQuery } from '../frame/data.ts'
import { FilterForm, SelectFilter } from '../frame/filter-form.tsx'
import { ListScreen, listState } from '../frame/list-screen.tsx'
import { day } from '../frame/page.tsx'
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
    <ListScreen
      title="Messages"
      state={listState(list)}
      rows={list.data?.messages}
      words={{ loading: 'Loading the messages…', failed: 'The messages', one: 'message', many: 'messages' }}
      table={{ name: 'messages', caption: 'Messages, open ones first', minWidth: 'min-w-[40rem]', columns: COLUMNS }}
    >
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
    </ListScreen>
  )
}
