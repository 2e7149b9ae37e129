import { expect, type Page } from '@playwright/test'
import { waitForHydration } from '../fixtures.ts'

export const REFERENCE = /GRV-\d{4}-[0-9A-F]{8}/
/** A date as the member's pages show it. */
export const mmddyy = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCFullYear() % 100).padStart(2, '0')}`

let addresses = 0
/** Each browser from an address of its own (the server trusts its proxy): the rate limits count apart. */
export const address = () => `198.51.100.${(++addresses % 200) + Math.floor(Math.random() * 50)}`

/** Files a grievance through the form, as a person does, and reads the reference its acknowledgement gives. */
export async function fileGrievance(
  page: Page,
  fields: { name?: string; email?: string; memberNumber?: string; urgent?: boolean },
): Promise<string> {
  await page.goto('/grievance-form')
  await waitForHydration(page)
  if (fields.name) await page.getByLabel('Member name').fill(fields.name)
  if (fields.email) await page.getByLabel('Email').fill(fields.email)
  if (fields.memberNumber) await page.getByLabel('Member number (optional)').fill(fields.memberNumber)
  await page.getByLabel('What is it about').selectOption({ label: 'A bill or a fee' })
  await page.getByLabel('What happened').fill('The office charged the full fee instead of the member fee.')
  await page.getByLabel('How would you like it resolved?').fill('Refund the difference.')
  if (fields.urgent) await page.getByLabel('This is urgent').check()
  await page.getByRole('button', { name: 'Review before submitting' }).click()
  await page
    .getByRole('region', { name: 'Step 2: Check your grievance' })
    .getByRole('button', { name: 'Submit grievance' })
    .click()
  const done = page.getByRole('region', { name: 'Your grievance is filed' })
  await expect(done).toContainText(REFERENCE)
  // The acknowledgement leads to where the reference is looked up.
  await expect(done.getByRole('link', { name: 'Check a grievance’s status' })).toHaveAttribute(
    'href',
    '/grievance-form/status',
  )
  return REFERENCE.exec((await done.getByText('Your reference number is').textContent()) ?? '')![0]
}
