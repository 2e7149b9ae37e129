import type { SyntheticEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { DataColumn } from '#engine/table'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import type { MemberSearchRow } from '#schemas/api/members.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue } from '../frame/form.tsx'
import { ListScreen } from '../frame/list-screen.tsx'
import { MEMBERSHIP_LABELS } from './labels.ts'
import { membersQuery } from './queries.ts'

const KIND_LABELS = {
  name: 'by name',
  email: 'by email',
  phone: 'by phone',
  member_number: 'by member number',
} as const

const COLUMNS: DataColumn<MemberSearchRow>[] = [
  {
    header: 'Name',
    rowHeader: true,
    className: 'p-2',
    cell: (row) => (
      <Link className="cs-link font-medium" to={`/members/${row.id}`}>
        {row.name}
      </Link>
    ),
  },
  { header: 'Member number', className: 'p-2', cell: (row) => row.memberNumber },
  { header: 'Email', className: 'p-2', cell: (row) => row.email },
  { header: 'Phone', className: 'p-2', cell: (row) => row.phone ?? '' },
  { header: 'Membership', className: 'p-2', cell: (row) => (row.status ? MEMBERSHIP_LABELS[row.status] : 'None') },
]

/** Finding a member: one box for a name, an email, a phone number or a member number (kept in the address). */
export default function MemberSearch() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const found = useScreenQuery(membersQuery(q), { enabled: q.trim().length >= 2 })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('q')
    setParams(typeof value === 'string' && value.trim() ? { q: value.trim() } : {})
  }
  const issue = fieldIssue(found.error, 'q')
  const tooShort = q !== '' && q.trim().length < 2 ? 'Type at least 2 characters' : undefined
  return (
    <ListScreen
      title="Members"
      state={{ loading: found.isFetching, error: issue ? null : found.error, retry: () => void found.refetch() }}
      rows={found.data?.members}
      words={{ loading: 'Searching…', failed: 'The members', one: 'member', many: 'members' }}
      status={
        found.data &&
        ` found ${KIND_LABELS[found.data.kind]}${found.data.more ? ': the first 25 are shown, type more to narrow it' : ''}`
      }
      table={{ name: 'members', caption: 'Members found', minWidth: 'min-w-[40rem]', columns: COLUMNS }}
    >
      <Card
        as="form"
        padding="md"
        role="search"
        aria-label="Members"
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-[16rem] flex-1">
          <Field
            label="Find a member"
            hint="A last name (or last name, first name), an email, a phone number or a member number"
            error={issue ?? tooShort}
          >
            {(ids) => <input {...control(ids)} key={q} name="q" type="search" defaultValue={q} />}
          </Field>
        </div>
        <Button variant="primary" type="submit">
          Search
        </Button>
      </Card>
    </ListScreen>
  )
}
