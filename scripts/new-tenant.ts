// `npm run tenant:new -- <group_key> <host> "<Company name>"`: adds a tenant (see README).
import path from 'node:path'
import { scaffoldTenant } from './tenant-scaffold.ts'

const [groupKey, host, companyName] = process.argv.slice(2)
if (!groupKey || !host || !companyName) {
  console.error(
    'Usage: npm run tenant:new -- <group_key> <host> "<Company name>"\n  e.g. npm run tenant:new -- acme acme.localhost "Acme Dental"',
  )
  process.exit(1)
}
const files = scaffoldTenant(path.resolve('site-config'), { groupKey, host, companyName })
console.log(
  `Added tenant ${groupKey}:\n${files.map((file) => `  ${path.relative(process.cwd(), file)}`).join('\n')}\nStart the server (npm start) and open http://${host}:3000/`,
)
