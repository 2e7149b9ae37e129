import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { MemberInfo, Receipt } from '#schemas/api/members.ts'
import type { MemberSearchRow, StaffMemberRecord } from '#schemas/api/members.ts'
import { many, one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { auditTrail, expectRefused, makeOtherTenantStaff, refusedCallers, staffClock } from '../../test-staff-setup.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  defaultTenant,
  MEMBER,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const MEMBERS = '/api/v4/staff/members'
type Search = { kind: string; members: MemberSearchRow[]; more: boolean }
type Result = { member: StaffMemberRecord; message: string }

/** Today in the demo data: the demo member's period began on 5 November 2026, within the 30-day refund window. */
const clock = staffClock('2026-11-27T12:00:00Z')
const { staff } = clock

const post = <T = Result & { message: string }>(client: TestClient, path: string, body: unknown) =>
  client.json<T>(`${MEMBERS}${path}`, { method: 'POST', body })

/** What an action may change: the membership, refunds, contact details, the member's audit entries, mails. */
async function state(server: TestServer, memberId: number) {
  const db = server.deps.db
  const count = async (sql: string, params: (string | number)[]) =>
    (await one(db, z.object({ n: z.coerce.number() }), sql, params)).n
  return {
    membership: await one(
      db,
      z.object({ status: z.string(), auto_renew: z.boolean() }),
      'SELECT status, auto_renew FROM subscriptions WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [memberId],
    ),
    contact: await one(
      db,
      z.object({ email: z.string(), phone: z.nullable(z.string()), city: z.nullable(z.string()) }),
      'SELECT email, phone, city FROM users WHERE id = $1',
      [memberId],
    ),
    refunded: await count(
      'SELECT COALESCE(SUM(f.amount_cents), 0) AS n FROM refunds f JOIN receipts r ON r.id = f.receipt_id WHERE r.member_id = $1',
      [memberId],
    ),
    processorRefunds: await count('SELECT count(*) AS n FROM sandbox_refunds', []),
    audit: await count('SELECT count(*) AS n FROM audit_events WHERE subject = $1', [`member:${memberId}`]),
    mails: (await outbox(db, undefined, 10_000)).length,
  }
}

/** The receipt that paid the demo member's current period. */
const paidReceipt = async (server: TestServer, memberId: number) =>
  one(
    server.deps.db,
    z.object({ id: z.number(), amount_cents: z.number(), card_last4: z.string() }),
    'SELECT r.id, r.amount_cents, r.card_last4 FROM subscriptions s JOIN receipts r ON r.id = s.paid_by_receipt_id WHERE s.member_id = $1 ORDER BY s.id DESC LIMIT 1',
    [memberId],
  )

describe.each(DATABASES)('member services’ members (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('finds a member by a name’s start (last name, last then first), an email, phone digits and the member number, only of the tenant', async () => {
    const member = await server.client().login(MEMBER)
    const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
    // Another tenant's member of the same name is never found.
    await server.deps.db.query(
      "INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone) VALUES ($1, 'twin@example.com', 'x', 'member', $2, $3, $4)",
      [otherTenant.groupKey, info.firstName, info.lastName, info.phone],
    )
    const support = await staff(server)
    const search = async (q: string) => {
      const found = await support.json<Search>(`${MEMBERS}?q=${encodeURIComponent(q)}`)
      expect(found.status).toBe(200)
      return found.body
    }
    const row: MemberSearchRow = {
      id: info.id,
      name: `${info.firstName} ${info.lastName}`,
      email: info.email,
      memberNumber: info.memberNumber,
      phone: info.phone,
      status: 'active',
    }
    const phone = info.phone!
    for (const [q, kind] of [
      [info.lastName.slice(0, 3).toUpperCase(), 'name'],
      [`${info.lastName}, ${info.firstName.slice(0, 2)}`, 'name'],
      [`${info.lastName.toLowerCase()} ${info.firstName.toLowerCase()}`, 'name'],
      [info.email.toUpperCase(), 'email'],
      [info.email.split('@')[0]! + '@', 'email'],
      [`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, 'phone'],
      [`+1 ${phone.slice(0, 6)}`, 'phone'],
      [info.memberNumber.toLowerCase(), 'member_number'],
      [`${info.memberNumber.slice(0, 3)} ${Number(info.memberNumber.slice(3))}-01`, 'member_number'],
    ] as const) {
      const found = await search(q)
      expect([q, found.kind]).toEqual([q, kind])
      expect([q, found.members.filter((item) => item.id === info.id)]).toEqual([q, [row]])
      expect(found.members.map((item) => item.email)).not.toContain('twin@example.com')
    }
    // Another tenant's member number, a first name first and an unknown email find no one.
    expect((await search(`ZZZ${info.memberNumber.slice(3)}`)).members).toEqual([])
    expect((await search(`${info.firstName} ${info.lastName}`)).members.map((item) => item.id)).not.toContain(info.id)
    expect((await search('nobody@nowhere.test')).members).toEqual([])
    // Staff accounts are not members.
    expect((await search(SUPPORT.email)).members).toEqual([])
    expect(await support.json(`${MEMBERS}?q=a`)).toMatchObject({ status: 422 })
  }, 30_000)

  it('uses each form’s index, also in a prepared statement’s generic plan (EXPLAIN over 3,000 members)', async () => {
    const { groupKey } = defaultTenant
    const { searchStatement, readSearch } = await import('./staff-members.ts')
    await server.deps.db.query(
      `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone)
       SELECT $1, 'bulk' || n || '@example.com', 'x', 'member', 'First' || n, 'Last' || n, lpad((5550000000 + n)::text, 10, '0')
         FROM generate_series(1, 3000) AS n`,
      [groupKey],
    )
    await server.deps.db.query('ANALYZE users')
    const indexOf = (plan: unknown): string[] => {
      const node = plan as { 'Relation Name'?: string; 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }
      const own = node['Relation Name'] === 'users' ? [`${node['Node Type']}:${node['Index Name'] ?? ''}`] : []
      return [...own, ...(node.Plans ?? []).flatMap(indexOf)]
    }
    for (const [q, index] of [
      ['last12', 'users_search_name'],
      ['Last1234 First', 'users_search_name'],
      ['bulk77@', 'users_search_email'],
      ['555-000-12', 'users_search_phone'],
      [`${groupKey.slice(0, 3)}0000042`, 'users_pkey'],
    ] as const) {
      const statement = searchStatement(readSearch(q, groupKey), groupKey)
      const custom = await one(
        server.deps.db,
        z.object({ 'QUERY PLAN': z.unknown() }),
        `EXPLAIN (FORMAT JSON) ${statement.sql}`,
        statement.params,
      )
      const generic = await server.deps.db.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan')
        const types = statement.params.map((value) => (typeof value === 'number' ? 'int' : 'text')).join(', ')
        await tx.query(`PREPARE member_search (${types}) AS ${statement.sql}`)
        const values = statement.params.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`))
        const [plan] = await tx.query(`EXPLAIN (FORMAT JSON) EXECUTE member_search (${values.join(', ')})`)
        await tx.query('DEALLOCATE member_search')
        return plan
      })
      for (const [mode, result] of [
        ['custom', custom],
        ['generic', generic],
      ] as const) {
        const plan = z.array(z.object({ Plan: z.unknown() })).parse(result!['QUERY PLAN'])[0]!.Plan
        const scans = indexOf(plan)
        expect([q, mode, scans.length, scans.every((scan) => scan.endsWith(`:${index}`))]).toEqual([q, mode, 1, true])
      }
    }
  }, 30_000)
})

describe.each(DATABASES)('member services acting on a member (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('shows the record: membership and history, dependents, receipts with refunds, the card’s brand and last 4 only, grievances, mails sent', async () => {
    const memberId = await accountId(server.deps.db)
    const member = await server.client().login(MEMBER)
    const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
    const filed = await member.json<{ reference: string }>('/api/v4/grievance', {
      method: 'POST',
      body: {
        name: `${info.firstName} ${info.lastName}`,
        email: 'someone.else@example.com',
        memberNumber: `${info.memberNumber}-01`,
        category: 'billing',
        description: 'I was charged twice for the same visit.',
        desiredResolution: 'Refund the second charge.',
      },
    })
    expect(filed.status).toBe(201)
    const support = await staff(server)
    const { status, body } = await support.json<StaffMemberRecord>(`${MEMBERS}/${memberId}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: memberId,
      memberNumber: info.memberNumber,
      email: info.email,
      phone: info.phone,
      subscription: { status: 'active', planName: info.subscription!.planName },
      dependents: info.dependents,
      card: { brand: info.paymentMethod!.brand, last4: info.paymentMethod!.last4 },
    })
    expect(Object.keys(body.card!)).toEqual(['brand', 'last4'])
    expect(body.history[0]).toMatchObject({ event: 'joined', by: 'checkout' })
    const receipts = (await member.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
    expect(body.receipts).toEqual(receipts.map((receipt) => ({ ...receipt, refunds: [] })))
    expect(body.grievances).toEqual([expect.objectContaining({ reference: filed.body.reference, status: 'received' })])
    // Only the subject and dates of each mail: the words may hold a sign-in link.
    const mails = await many(
      server.deps.db,
      z.object({ subject: z.string() }),
      'SELECT subject FROM outbox WHERE group_key = $1 AND lower(recipient) = lower($2) ORDER BY id DESC',
      [defaultTenant.groupKey, info.email],
    )
    expect(body.mails.map((mail) => mail.subject)).toEqual(mails.map((mail) => mail.subject).slice(0, 50))
    expect(Object.keys(body.mails[0] ?? { subject: '', at: '', sentAt: null })).toEqual(['subject', 'at', 'sentAt'])
    // A staff account, or a number that is no one, is no member.
    expect((await support.json(`${MEMBERS}/${await accountId(server.deps.db, SUPPORT.email)}`)).status).toBe(404)
    expect((await support.json(`${MEMBERS}/999999`)).status).toBe(404)
  }, 30_000)

  it('resends, corrects, refunds in part once per key, turns renewal off and cancels with the rest refunded: one audit entry each with its reason, the member’s receipts and mails follow', async () => {
    const memberId = await accountId(server.deps.db)
    const member = await server.client().login(MEMBER)
    const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
    const paid = await paidReceipt(server, memberId)
    const support = await staff(server)
    const latestMail = async () => (await outbox(server.deps.db, defaultTenant.groupKey, 1))[0]!

    // Resending: a mail each, one entry each.
    let before = await state(server, memberId)
    expect(await post(support, `/${memberId}/resendIdCard`, { reason: 'The member lost the card.' })).toMatchObject({
      status: 200,
      body: { message: `The ID cards were mailed to ${info.email}.` },
    })
    const cardMail = await latestMail()
    expect(cardMail).toMatchObject({ recipient: info.email, subject: `Your ${info.subscription!.planName} ID cards` })
    expect(cardMail.body).toContain(`Member number: ${info.memberNumber}`)
    expect(cardMail.body).toContain(`Member number: ${info.memberNumber}-01`)
    expect(await post(support, `/${memberId}/receipts/${paid.id}/resend`, { reason: 'Asked by phone.' })).toMatchObject(
      {
        status: 200,
      },
    )
    expect(await latestMail()).toMatchObject({ subject: `Your receipt ${paid.id}` })
    expect(await state(server, memberId)).toEqual({ ...before, audit: before.audit + 2, mails: before.mails + 2 })
    // A reason is required.
    expect((await post(support, `/${memberId}/resendIdCard`, { reason: ' ' })).status).toBe(422)

    // A partial refund: on the member's receipt, mailed, once however often the same request comes.
    before = await state(server, memberId)
    const refund = {
      reason: 'Charged for a dependent removed in October.',
      amountCents: 1000,
      idempotencyKey: 'refund-key-0001',
    }
    // The same request twice at once (a double click): one refund.
    const [refunded, twin] = await Promise.all([
      post(support, `/${memberId}/receipts/${paid.id}/refund`, refund),
      post(support, `/${memberId}/receipts/${paid.id}/refund`, refund),
    ])
    expect(twin).toMatchObject({ status: 200, body: { message: `$10.00 of receipt ${paid.id} is refunded.` } })
    expect(refunded).toMatchObject({ status: 200, body: { message: `$10.00 of receipt ${paid.id} is refunded.` } })
    expect(refunded.body.member.receipts.find((receipt) => receipt.id === paid.id)).toMatchObject({
      refundedCents: 1000,
      refunds: [{ amountCents: 1000, reason: refund.reason, at: clock.now().toISOString() }],
    })
    const mine = async () =>
      (await member.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts.find(
        (r) => r.id === paid.id,
      )
    expect((await mine())?.refundedCents).toBe(1000)
    expect(await latestMail()).toMatchObject({ recipient: info.email, subject: 'Your refund of $10.00' })
    const once = {
      ...before,
      refunded: 1000,
      processorRefunds: before.processorRefunds + 1,
      audit: before.audit + 1,
      mails: before.mails + 1,
    }
    expect(await state(server, memberId)).toEqual(once)
    expect(await post(support, `/${memberId}/receipts/${paid.id}/refund`, refund)).toMatchObject({ status: 200 })
    expect(
      await post(support, `/${memberId}/receipts/${paid.id}/refund`, { ...refund, amountCents: 2000 }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This request’s key was used for another refund. Open the refund again.' },
    })
    const left = paid.amount_cents - 1000
    expect(
      await post(support, `/${memberId}/receipts/${paid.id}/refund`, {
        ...refund,
        amountCents: left + 1,
        idempotencyKey: 'refund-key-0002',
      }),
    ).toMatchObject({
      status: 409,
      body: { message: `Refund at most $${(left / 100).toFixed(2)}: that is what is left of receipt ${paid.id}.` },
    })
    expect(await state(server, memberId)).toEqual(once)

    // Contact details, checked as the profile form checks them.
    expect((await post(support, `/${memberId}/contact`, { reason: 'Moved.', phone: '12345' })).status).toBe(422)
    expect(await post(support, `/${memberId}/contact`, { reason: 'Moved.' })).toMatchObject({
      status: 422,
      body: { message: 'Send an email, a phone number or an address to correct' },
    })
    expect((await post(support, `/${memberId}/contact`, { reason: 'Moved.', email: SUPPORT.email })).status).toBe(409)
    const corrected = await post(support, `/${memberId}/contact`, {
      reason: 'The member moved and has a new number.',
      phone: '(415) 555-0199',
      address: { line: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
    })
    expect(corrected).toMatchObject({
      status: 200,
      body: { member: { phone: '4155550199', address: { city: 'San Francisco' } } },
    })
    expect((await member.json<MemberInfo>('/api/v4/member/info')).body).toMatchObject({
      phone: '4155550199',
      address: { line: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
    })

    // Renewal off: the membership ends at the period's end, mailed; a second time is refused.
    const off = await post(support, `/${memberId}/autoRenewOff`, { reason: 'The member asked by phone.' })
    expect(off).toMatchObject({
      status: 200,
      body: { member: { subscription: { status: 'ending', autoRenew: false } } },
    })
    expect((await latestMail()).subject).toContain('will end on')
    expect(await post(support, `/${memberId}/autoRenewOff`, { reason: 'Again.' })).toMatchObject({ status: 409 })

    // Cancelled within the refund window: the rest of the payment back, the history says staff did it.
    const quote = await support.json<{ kind: string; refundCents: number }>(`${MEMBERS}/${memberId}/cancellation`)
    expect(quote.body).toMatchObject({ kind: 'now', refundCents: left })
    const cancelled = await post(support, `/${memberId}/cancel`, { reason: 'Moving abroad.' })
    expect(cancelled).toMatchObject({ status: 200, body: { member: { subscription: { status: 'cancelled' } } } })
    expect(cancelled.body.member.history[0]).toMatchObject({ event: 'cancelled', by: 'staff', refundedCents: left })
    expect((await mine())?.refundedCents).toBe(paid.amount_cents)
    expect((await latestMail()).subject).toContain('is cancelled')
    expect(await post(support, `/${memberId}/cancel`, { reason: 'Again.' })).toMatchObject({ status: 409 })
    expect(
      await post(support, `/${memberId}/receipts/${paid.id}/refund`, {
        reason: 'More.',
        idempotencyKey: 'refund-key-0003',
      }),
    ).toMatchObject({
      status: 409,
      body: { message: `Receipt ${paid.id} is refunded in full: nothing is left to refund.` },
    })

    const trail = await auditTrail(server, `member:${memberId}`)
    const supportId = await accountId(server.deps.db, SUPPORT.email)
    expect(trail.map((entry) => [entry.action, entry.actor_id, entry.reason])).toEqual([
      ['member.resend_id_card', supportId, 'The member lost the card.'],
      ['member.resend_receipt', supportId, 'Asked by phone.'],
      ['member.refund', supportId, refund.reason],
      ['member.contact', supportId, 'The member moved and has a new number.'],
      ['member.auto_renew_off', supportId, 'The member asked by phone.'],
      ['member.cancel', supportId, 'Moving abroad.'],
    ])
    expect(trail[2]).toMatchObject({
      before: { receiptId: paid.id, refundedCents: 0 },
      after: { receiptId: paid.id, refundedCents: 1000 },
    })
    expect(trail[3]).toMatchObject({ before: { phone: info.phone }, after: { phone: '4155550199' } })
    expect(trail[4]).toMatchObject({ before: { status: 'active' }, after: { status: 'ending' } })
    expect(trail[5]).toMatchObject({ before: { status: 'ending' }, after: { status: 'cancelled', refundCents: left } })
  }, 30_000)

  it('answers each endpoint by caller: 401 signed out, 403 for a member and a content manager, 404 for another tenant’s admin, 200 for support and admin; a refusal changes nothing', async () => {
    const memberId = await accountId(server.deps.db)
    const paid = await paidReceipt(server, memberId)
    await makeOtherTenantStaff(server, 'admin')
    const reason = { reason: 'Checking access.' }
    const number = `${defaultTenant.groupKey.slice(0, 3)}${String(memberId).padStart(7, '0')}`
    const before = await expectRefused(refusedCallers(server, { bySiteSignIn: false }), {
      list: `${MEMBERS}?q=${number}`,
      // The search answers another tenant's staff with their own members: never this one.
      notTheirs: (found: Search) => expect(found.members).toEqual([]),
      endpoints: [
        ['GET', `${MEMBERS}/${memberId}`, undefined],
        ['GET', `${MEMBERS}/${memberId}/cancellation`, undefined],
        ['POST', `${MEMBERS}/${memberId}/resendIdCard`, reason],
        ['POST', `${MEMBERS}/${memberId}/autoRenewOff`, reason],
        ['POST', `${MEMBERS}/${memberId}/cancel`, reason],
        ['POST', `${MEMBERS}/${memberId}/contact`, { ...reason, phone: '4155550100' }],
        ['POST', `${MEMBERS}/${memberId}/receipts/${paid.id}/resend`, reason],
        [
          'POST',
          `${MEMBERS}/${memberId}/receipts/${paid.id}/refund`,
          { ...reason, amountCents: 100, idempotencyKey: 'access-key-01' },
        ],
      ],
      state: () => state(server, memberId),
    })

    for (const account of [SUPPORT, ADMIN]) {
      const client = await staff(server, account)
      expect((await client.json<Search>(`${MEMBERS}?q=${number}`)).body.members.map((row) => row.id)).toEqual([
        memberId,
      ])
      expect((await client.json(`${MEMBERS}/${memberId}`)).status).toBe(200)
      expect((await client.json(`${MEMBERS}/${memberId}/cancellation`)).status).toBe(200)
      expect((await post(client, `/${memberId}/resendIdCard`, { reason: `Sent by ${account.email}.` })).status).toBe(
        200,
      )
    }
    expect(await state(server, memberId)).toEqual({ ...before, audit: before.audit + 2, mails: before.mails + 2 })
  }, 30_000)
})
