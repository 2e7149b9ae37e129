import { tenants } from '#site-config/tenants.ts'
import { createServerDeps } from '#server/bootstrap.ts'
import { readEnv } from '#server/env.ts'
import { runDue } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
const [dataDir, now] = process.argv.slice(2)
const env = readEnv({ ...process.env, DATA_DIR: dataDir, PASSWORD_HASH_COST: '12', LOG_LEVEL: 'warn' })
const deps = await createServerDeps(env, createLogger(env.LOG_LEVEL))
const stats = new Map<string, { n: number; ms: number }>()
const rec = (text: string, ms: number) => { const k = text.replace(/\s+/g, ' ').slice(0, 110); const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += ms; stats.set(k, s) }
const wrap = (q: any) => async (text: string, params?: any) => { const t = performance.now(); try { return await q(text, params) } finally { rec(text, performance.now() - t) } }
const db: any = deps.db
const oq = db.query.bind(db); db.query = wrap(oq)
const os = db.script.bind(db); db.script = async (t: string) => { const s = performance.now(); try { return await os(t) } finally { rec('SCRIPT ' + t, performance.now() - s) } }
const ot = db.transaction.bind(db); db.transaction = (work: any) => ot((tx: any) => work({ query: wrap(tx.query) }))
const mu = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 2 ** 20)]))
console.log('before', mu())
const t0 = performance.now()
const s = await runDue({ ...deps, tenants } as any, new Date(now!))
const total = performance.now() - t0
;(globalThis as any).gc?.(); console.log('after', mu(), 'maxrss', process.resourceUsage().maxRSS / 1024)
let sum = 0
for (const v of stats.values()) sum += v.ms
console.log('total', total.toFixed(0), 'in sql (incl queue waits)', sum.toFixed(0), s.done)
;[...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30).forEach(([k, v]) => console.log(v.ms.toFixed(0).padStart(7), String(v.n).padStart(6), (v.ms / v.n).toFixed(2).padStart(7), k))
await deps.db.close()
