// `npm run seed`: applies the migrations and seeds every tenant not in the database yet (the
// server does the same at start). `npm run seed -- --reset` empties the database first.
import path from 'node:path'
import { rmSync } from 'node:fs'
import { tenants } from '#site-config/tenants.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { SCRYPT } from '#server/platform/auth/passwords.ts'
import { embeddedDataDir } from '#server/bootstrap.ts'
import { openDatabase } from '#server/platform/db/database.ts'
import { holdForTool } from '#server/platform/db/holder.ts'
import { migrate } from '#server/platform/db/migrate.ts'
import { loadSecret } from '#server/platform/auth/signing.ts'
import { totpKey } from '#server/platform/auth/totp.ts'
import { seed } from '#server/seed.ts'
import { readEnv } from '#server/env.ts'
import { projectRoot } from '#server/paths.ts'

const env = readEnv()
// The embedded database's folder (undefined on PostgreSQL, or in memory), as the server finds it.
const dataDir = embeddedDataDir(env)
// A server holding the embedded database: seeding beside it (or emptying it) would break it.
holdForTool(dataDir, 'npm run seed')
if (process.argv.includes('--reset')) {
  if (env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL })
    await db.query('DROP SCHEMA public CASCADE')
    await db.query('CREATE SCHEMA public')
    await db.close()
  } else if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log('Emptied the database')
}
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
const applied = await migrate(db)
const seeded = await seed(db, {
  tenants,
  demoData,
  contentDir: path.resolve(projectRoot, env.CONTENT_DIR),
  hashCost: { ...SCRYPT, N: 2 ** env.PASSWORD_HASH_COST },
  // The server's key (the same app secret), so it opens the demo staff's TOTP secrets.
  totpKey: totpKey(await loadSecret(db, env.APP_SECRET)),
})
await db.close()
console.log(`Migrations applied: ${applied.length ? applied.join(', ') : 'none'}`)
console.log(`Tenants seeded: ${seeded.length ? seeded.join(', ') : 'none (all were already there)'}`)
