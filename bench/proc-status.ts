import { readFileSync } from 'node:fs'

/**
 * A process's memory as Linux reports it in `/proc/<pid>/status`, in MiB: `VmRSS` (resident now)
 * or `VmHWM` (its peak). Not `ru_maxrss`, which Linux carries over fork and exec. NaN when the
 * process has just exited.
 */
export function procMib(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024
  } catch {
    return NaN
  }
}
