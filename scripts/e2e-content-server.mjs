// A second server for end-to-end tests that change content: it serves a fresh copy of the
// tenants' content from .e2e-content/, which the tests rewrite (a content change alone).
import { cpSync, rmSync } from 'node:fs'

const dir = '.e2e-content'
rmSync(dir, { recursive: true, force: true })
cpSync('site-config/tenants', dir, { recursive: true })
process.env.CONTENT_DIR = dir
process.env.NODE_ENV ??= 'production'
await import('../dist/server/main.js')
