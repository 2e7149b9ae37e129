import { openDatabase } from '#server/db/database.ts'
const db = await openDatabase({ dataDir: process.argv[2] })
const show = async (sql: string, p: any[]) => console.log((await db.query('EXPLAIN ANALYZE ' + sql, p)).map((r: any) => r['QUERY PLAN']).join('\n'))
await show(`SELECT s.id, s.plan_id, p.name AS plan_name, s.office_id, o.name AS office_name, s.billing_cycle, s.status, s.auto_renew, s.started_at, s.renews_at, s.ends_at, s.next_retry_at
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN offices o ON o.id = s.office_id
        WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1`, ['carewell', 2000])
await show(`SELECT u.email, u.first_name, p.name AS plan, m.last4 FROM users u JOIN plans p ON p.id = $2 LEFT JOIN payment_methods m ON m.member_id = u.id WHERE u.id = $1`, [2000, 1])
await show(`SELECT id, first_name FROM dependents WHERE group_key = $1 AND member_id = $2 ORDER BY id`, ['carewell', 2000])
await db.close()
