// `npm run mail:outbox`: the newest mail the site wrote (all tenants), to follow reset links and
// acknowledgements without an SMTP server. Stop the server first when it uses the embedded database.
import path from 'node:path'
import { openDatabase } from '#server/db/database.ts'
import { outbox } from '#server/dev-outbox.ts'
import { readEnv } from '#server/env.ts'
import { projectRoot } from '#server/paths.ts'

const env = readEnv()
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(projectRoot, env.DATA_DIR) })
const mails = await outbox(db, undefined, Number(process.argv[2] ?? 10))
await db.close()
if (mails.length === 0) console.log('The outbox is empty.')
for (const mail of mails.reverse()) {
  console.log(
    `\n#${mail.id} ${mail.created_at.toISOString()} to ${mail.recipient}${mail.sent_at ? ' (sent)' : ''}\nSubject: ${mail.subject}\n\n${mail.body}`,
  )
}
