import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * A tool of the project (`server/jobs-cli.ts`, `scripts/seed.ts`…) run from the sources as a
 * process of its own, as `npm run` starts it, on the embedded database (`DATABASE_URL` removed):
 * its exit code and what it wrote.
 */
export async function runSource(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const processEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
  delete processEnv.DATABASE_URL
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: processEnv,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
