import { describe, expect, it } from 'vitest'
import { dmhcStatement, DMHC_STATEMENT } from '#schemas/dmhc.ts'
import { contentLanguageAssistance, languageAssistanceText } from '#schemas/language-assistance.ts'
import { formatPhone } from '#schemas/phone.ts'
import { tenants } from '#site-config/tenants.ts'
import { outbox } from './platform/mail/dev-outbox.ts'
import { fileGrievance } from './test-staff-setup.ts'
import { DATABASES, defaultTenant, useTestServer, type TestServer } from './test-harness.ts'
import { runDue } from './features/registry.ts'

const groupKey = defaultTenant.groupKey
const published = (server: TestServer) => server.deps.content.get(groupKey)

/** California's language assistance (issue 42): the notice and its taglines, on the pages and in every notice mailed. */
describe('language assistance, as the content gives it (the default tenant sells in California)', () => {
  const server = useTestServer(DATABASES[0])

  it('every page’s footer and the grievance form give the notice with the plan’s number, and each tagline in its language and direction', async () => {
    const content = await published(server)
    const words = contentLanguageAssistance(content)!
    const phone = formatPhone(content.header.variables.header_phone_number!)
    // California's threshold languages, each once, with the plan's number.
    expect(new Set(words.taglines.map((tagline) => tagline.lang)).size).toBe(16)
    expect(words.notice).toContain(phone)
    for (const path of ['/', '/faq', '/find-a-dentist', '/grievance-form']) {
      const html = await (await server.client().request(path)).text()
      const footer = html.slice(html.indexOf('<footer'))
      expect(footer, path).toContain('<h2 id="footer-language-assistance"')
      expect(footer, path).toContain(`<p>${words.notice}</p>`)
      for (const tagline of words.taglines)
        expect(footer, `${path} ${tagline.lang}`).toContain(`<li lang="${tagline.lang}" dir="auto"`)
    }
    const form = await (await server.client().request('/grievance-form')).text()
    // Beside the DMHC statement (the statute's words, with the plan's number), before the footer.
    const main = form.slice(0, form.indexOf('<footer'))
    expect(main).toContain(dmhcStatement(phone).replaceAll("'", '&#x27;'))
    expect(main).toContain('<h2 id="language-assistance"')
  })

  it('ends every notice a member is mailed: a grievance’s acknowledgement (after the statement in the content’s words) and a renewal', async () => {
    // A content manager words the statement (its {phone} is the plan's).
    const draft = await server.deps.content.draft(groupKey)
    const changed = structuredClone(draft.content) as { pages?: Record<string, Record<string, unknown>> }
    const reworded = DMHC_STATEMENT.replace('is responsible for', 'regulates (is responsible for)')
    changed.pages = {
      ...changed.pages,
      'grievance-form': { ...changed.pages?.['grievance-form'], dmhc_statement: reworded },
    }
    await server.deps.content.saveDraft(groupKey, changed, draft.revision, 'editor@example.com')
    await server.deps.content.publish(groupKey, 'the statement reworded', 'editor@example.com')
    const content = await published(server)
    const assistance = languageAssistanceText(contentLanguageAssistance(content)!)

    const { reference } = await fileGrievance(server, server.client(undefined, '198.19.4.1'), {
      name: 'Ana Silva',
      email: 'assisted@example.com',
      category: 'billing',
      description: 'I was charged twice.',
      desiredResolution: 'Refund the second charge.',
    })
    const [received] = await outbox(server.deps.db, groupKey, 1)
    expect(received?.subject).toBe(`Grievance ${reference} received`)
    expect(received?.body).toContain(dmhcStatement(content.header.variables.header_phone_number!, reworded))
    expect(received?.body.endsWith(`\n\n${assistance}`)).toBe(true)

    const summary = await runDue({ ...server.deps, tenants }, new Date('2026-12-05T06:00:00Z'))
    expect(summary.done['renewed']).toBeGreaterThan(0)
    const renewed = (await outbox(server.deps.db, groupKey, 20)).filter((mail) => /is renewed/.test(mail.subject))
    expect(renewed.length).toBeGreaterThan(0)
    for (const mail of renewed) expect(mail.body.endsWith(`\n\n${assistance}`), mail.subject).toBe(true)
  })
})
