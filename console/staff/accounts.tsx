import type { QueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { DataColumn } from '#engine/table'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffAccountsApi } from '#schemas/api/staff.console.routes.ts'
import type { StaffAccount } from '#schemas/api/staff.ts'
import { STAFF_ROLES, type StaffRole } from '#schemas/staff-roles.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf, Outcome } from '../frame/form.tsx'
import { ListTable } from '../frame/list-screen.tsx'
import { LoadFailed, moment, PageTitle } from '../frame/page.tsx'
import { ROLE_LABELS, rolesText } from '../frame/roles.ts'
import { accountsQuery } from './queries.ts'

const STATUS_LABELS: Record<StaffAccount['status'], string> = {
  invited: 'Invited (no password yet)',
  active: 'Active',
  deactivated: 'Deactivated',
}

/** The roles as a group of checkboxes, named by its legend. */
function RolesField({
  legend,
  roles,
  onChange,
  error,
}: {
  legend: string
  roles: readonly StaffRole[]
  onChange: (roles: StaffRole[]) => void
  error?: string | undefined
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={roles.includes(role)}
              onChange={(event) =>
                onChange(STAFF_ROLES.filter((item) => (item === role ? event.target.checked : roles.includes(item))))
              }
            />
            {ROLE_LABELS[role]}
          </label>
        ))}
      </div>
      {error && <p className="text-sm font-medium text-red-800">{error}</p>}
    </fieldset>
  )
}

/** The invitation: a name, an address and roles; the person gets a link to choose a password. */
function InviteForm() {
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '' })
  const [roles, setRoles] = useState<StaffRole[]>(['support'])
  const invite = useApiMutation(staffAccountsApi.invite, {
    onSuccess: async (_invited, _sent, client) => {
      setForm({ email: '', firstName: '', lastName: '' })
      await invalidateApi(client, staffAccountsApi.accounts)
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    invite.mutate({ body: { ...form, roles } })
  }
  const input = (name: keyof typeof form, label: string, type = 'text') => (
    <Field label={label} error={fieldIssue(invite.error, name)}>
      {(ids) => (
        <input
          {...control(ids)}
          type={type}
          autoComplete="off"
          value={form[name]}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        />
      )}
    </Field>
  )
  return (
    <Card as="form" padding="md" aria-labelledby="invite-heading" className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite a staff member
      </h2>
      <p className="text-sm text-slate-700">
        They get a link by mail to choose a password (valid for 7 days), then set up an authenticator app at their first
        sign-in.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {input('email', 'Email', 'email')}
        {input('firstName', 'First name')}
        {input('lastName', 'Last name')}
      </div>
      <RolesField legend="Roles" roles={roles} onChange={setRoles} error={fieldIssue(invite.error, 'roles')} />
      <Outcome
        error={invite.error ? messageOf(invite.error, 'The invitation could not be sent.') : undefined}
        done={invite.data ? `Invitation sent to ${invite.data.email}.` : undefined}
      />
      <div>
        <Button variant="primary" type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send the invitation'}
        </Button>
      </div>
    </Card>
  )
}

type Change = 'roles' | 'deactivate' | 'reactivate' | 'invitation'

/** What an administrator does to one account: its roles, deactivation with a reason, reactivation, a new link. */
function ManageAccount({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
  const [roles, setRoles] = useState<StaffRole[]>([...account.roles])
  const [reason, setReason] = useState('')
  // Four contracts, one form: it shows the outcome of the change made last.
  const [last, setLast] = useState<Change>('roles')
  const done = {
    onSuccess: async (_changed: StaffAccount, _sent: unknown, client: QueryClient) => {
      setReason('')
      await invalidateApi(client, staffAccountsApi.accounts)
    },
  }
  const params = { id: account.id }
  const changes = {
    roles: useApiMutation(staffAccountsApi.changeRoles, done),
    deactivate: useApiMutation(staffAccountsApi.deactivate, done),
    reactivate: useApiMutation(staffAccountsApi.reactivate, done),
    invitation: useApiMutation(staffAccountsApi.resendInvitation, done),
  }
  const make = (change: Change) => {
    for (const other of Object.values(changes)) other.reset()
    setLast(change)
    if (change === 'roles') changes.roles.mutate({ params, body: reason ? { roles, reason } : { roles } })
    else if (change === 'deactivate') changes.deactivate.mutate({ params, body: { reason } })
    else if (change === 'reactivate') changes.reactivate.mutate({ params, body: reason ? { reason } : {} })
    else changes.invitation.mutate({ params, body: {} })
  }
  const act = changes[last]
  const name = `${account.firstName} ${account.lastName}`
  return (
    <Card as="section" padding="md" aria-labelledby="manage-heading" className="flex flex-col gap-3">
      <h2 id="manage-heading" className="text-lg font-semibold">
        {name}
      </h2>
      <p className="text-sm">
        {account.email} · {STATUS_LABELS[account.status]}
      </p>
      <RolesField
        legend={`Roles of ${name}`}
        roles={roles}
        onChange={setRoles}
        error={fieldIssue(act.error, 'roles')}
      />
      <Field
        label="Reason"
        hint="Kept in the audit trail. Needed to deactivate."
        error={fieldIssue(act.error, 'reason')}
      >
        {(ids) => (
          <textarea {...control(ids)} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
      <Outcome
        error={act.error ? messageOf(act.error, 'That could not be done.') : undefined}
        done={act.data ? `Saved: ${rolesText(act.data.roles)}, ${STATUS_LABELS[act.data.status]}.` : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => make('roles')}>
          Save the roles
        </Button>
        {account.status === 'deactivated' ? (
          <Button variant="outline" onClick={() => make('reactivate')}>
            Reactivate
          </Button>
        ) : (
          <Button variant="outline" onClick={() => make('deactivate')}>
            Deactivate and sign out
          </Button>
        )}
        {account.status === 'invited' && (
          <Button variant="outline" onClick={() => make('invitation')}>
            Send a new invitation link
          </Button>
        )}
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </div>
    </Card>
  )
}

/** The tenant's staff, an invitation, and the management of one account (administrators). */
export default function StaffScreen() {
  const list = useScreenQuery(accountsQuery)
  const [managed, setManaged] = useState<number | undefined>()
  const account = list.data?.accounts.find((item) => item.id === managed)
  const columns: DataColumn<StaffAccount>[] = [
    { header: 'Name', rowHeader: true, className: 'p-2', cell: (row) => `${row.firstName} ${row.lastName}` },
    { header: 'Email', className: 'p-2', cell: (row) => row.email },
    { header: 'Roles', className: 'p-2', cell: (row) => rolesText(row.roles) },
    { header: 'Status', className: 'p-2', cell: (row) => STATUS_LABELS[row.status] },
    { header: 'Authenticator app', className: 'p-2', cell: (row) => (row.enrolled ? 'Set up' : 'Not set up') },
    {
      header: 'Last sign-in',
      className: 'p-2',
      cell: (row) => (row.lastSignInAt ? moment(row.lastSignInAt) : 'Never'),
    },
    {
      header: 'Manage',
      className: 'p-2',
      cell: (row) => (
        <Button variant="link" className="text-sky-800" onClick={() => setManaged(row.id)}>
          Manage<span className="sr-only"> {row.email}</span>
        </Button>
      ),
    },
  ]
  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Staff</PageTitle>
      {list.isPending && <p>Loading the staff…</p>}
      {list.error && <LoadFailed what="The staff" error={list.error} onRetry={() => void list.refetch()} />}
      {account && <ManageAccount key={account.id} account={account} onDone={() => setManaged(undefined)} />}
      {list.data && (
        <ListTable
          name="staff"
          caption="The staff"
          minWidth="min-w-[48rem]"
          rows={list.data.accounts}
          columns={columns}
        />
      )}
      <InviteForm />
    </section>
  )
}
