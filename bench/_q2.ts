import { PGlite } from '@electric-sql/pglite'
for (const opts of [{}, { dataDir: process.argv[2] }, { dataDir: process.argv[2], relaxedDurability: true }] as any[]) {
  const db = new PGlite({ ...opts, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] })
  await db.waitReady
  for (const [label, text, params] of [['select 1', 'SELECT 1', []], ['select $1', 'SELECT $1::int AS x', [1]], ['pm by pk', 'SELECT 1 FROM pg_class WHERE oid = $1', [1259]]] as any) {
    for (let i = 0; i < 200; i++) await db.query(text, params)
    const t = performance.now(); const c = process.cpuUsage(); const n = 1000
    for (let i = 0; i < n; i++) await db.query(text, params)
    const cu = process.cpuUsage(c)
    console.log(JSON.stringify(opts).slice(0, 60), label, ((performance.now() - t) / n).toFixed(3), 'ms wall', ((cu.user + cu.system) / 1000 / n).toFixed(3), 'ms cpu')
  }
  await db.close()
}
