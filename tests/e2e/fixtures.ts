import { test as base, expect, type Page } from '@playwright/test'
import type { Route } from '#schemas/manifest.ts'
import { manifest } from '#site-config/manifest.ts'
import { tenants } from '#site-config/tenants.ts'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseCmsContent } from '#schemas/parse-cms.ts'

/** Console errors, warnings and uncaught errors of a page: a healthy page has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Waits until React has hydrated the page (the router marks links once interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** A concrete path for every route of the manifest, parameters filled with valid values. */
export function everyRoutePath(): { page: string; path: string }[] {
  const slug = tenantContent(tenants.defaultTenant).landing_pages[0]?.slug ?? 'missing'
  const values = { 'positive-int': '7', 'landing-slug': slug } as const
  const walk = (routes: Route[], prefix: string): { page: string; path: string }[] =>
    routes.flatMap((route) => {
      let path = route.path ?? ''
      for (const [name, rule] of Object.entries(route.params)) path = path.replace(`:${name}`, values[rule])
      const full = path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`
      return [{ page: route.page, path: full }, ...walk(route.children, full)]
    })
  return walk(manifest.routes, '')
}

/** A tenant's published content, as the server reads it. */
export function tenantContent(groupKey: string, version: 'content' | 'working' = 'content') {
  const file = path.join('site-config/tenants', groupKey, `${version}.json`)
  return parseCmsContent(JSON.parse(readFileSync(file, 'utf8')))
}

export const defaultTenant = tenants.tenants.find((tenant) => tenant.groupKey === tenants.defaultTenant)!
export const otherTenant = tenants.tenants.find((tenant) => tenant.groupKey !== tenants.defaultTenant)!

export const test = base
export { expect }

/** Runs axe-core (WCAG 2.2 A and AA rules) on the page and returns the violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    })
    return result.violations.map((violation) => `${violation.id}: ${violation.help} (${JSON.stringify(violation.nodes.map((node) => node.target))})`)
  })
}
