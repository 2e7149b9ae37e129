import { openDatabase } from '#server/db/database.ts'
const db = await openDatabase({ dataDir: process.argv[2] })
const time = async (label: string, text: string, params: any[] = [], n = 500) => {
  const t = performance.now(); const c = process.cpuUsage()
  for (let i = 0; i < n; i++) await db.query(text, params)
  const cu = process.cpuUsage(c)
  console.log(label, ((performance.now() - t) / n).toFixed(3), 'ms wall', ((cu.user + cu.system) / 1000 / n).toFixed(3), 'ms cpu')
}
await time('select 1', 'SELECT 1')
await time('select $1', 'SELECT $1::int AS x', [1])
await time('pm by pk', 'SELECT processor_token, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2', ['carewell', 5000])
await time('subs by member (seq)', 'SELECT s.id FROM subscriptions s WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1', ['carewell', 5000], 200)
await time('update', 'UPDATE users SET balance_cents = 0 WHERE id = $1', [5000], 200)
await db.close()
