// `npm run mail:outbox`: the newest mail the site wrote (all tenants), to follow reset links and
// acknowledgements without an SMTP server. Stop the server first when it uses the embedded database
// (the tool says so, and stops, when one holds it).
import { embeddedDataDir } from '#server/bootstrap.ts'
import { openDatabase } from '#server/platform/db/database.ts'
import { holdForTool } from '#server/platform/db/holder.ts'
import { outbox } from '#server/platform/mail/dev-outbox.ts'
import { readEnv } from '#server/env.ts'

const env = readEnv()
const dataDir = embeddedDataDir(env)
holdForTool(dataDir, 'npm run mail:outbox')
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
const mails = await outbox(db, undefined, Number(process.argv[2] ?? 10))
await db.close()
if (mails.length === 0) console.log('The outbox is empty.')
for (const mail of mails.reverse()) {
  console.log(
    `\n#${mail.id} ${mail.created_at.toISOString()} to ${mail.recipient}${mail.sent_at ? ' (sent)' : ''}\nSubject: ${mail.subject}\n\n${mail.body}`,
  )
}
