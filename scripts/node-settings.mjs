// How the shipped server and the jobs worker are run (`npm start`, `npm run jobs`), in one place:
// what only a process's start can set. bench/server-memory.ts and bench/renewals.ts measure them.
// - a small young generation (8 MiB semi-spaces): short-lived request garbage is collected early;
// - one V8 helper thread, not four: V8 optimises the embedded database's hot WebAssembly functions
//   (PGlite's PostgreSQL) on its helper threads, each compile holding up to 25 MiB of compiler
//   memory, and the first seconds of a day's renewals made four of them at once (50 to 80 MiB over
//   the process, then kept by each thread's malloc arena). One at a time took the jobs worker's peak
//   from 311-324 to 268-285 MiB (bench/renewals.ts, 1,000 memberships) for no more CPU time: the
//   machines it runs on have two cores, which four helpers shared anyway;
// - `gc()` is there to call (--expose-gc): once a large request body (a grievance's files, up to
//   8 MB) is answered, server/platform/http/body-limit.ts runs one full collection (about 70 ms) a
//   second after the last of a burst, which returns the 30 to 70 MiB of copies such a request leaves
//   behind until V8's next full collection (bench/server-memory.ts: 296-301 MiB after four of them,
//   238-260 with it; --optimize-for-size, tried instead, halved the pages' throughput);
// - glibc returns freed blocks of 128 KiB and more to the system at once (mmap threshold);
// - React and the router pick their production builds from NODE_ENV when they are first imported.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--v8-pool-size=1', '--expose-gc']
export const PRODUCTION_ENV = { NODE_ENV: 'production', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072' }
// The jobs worker runs a day's renewals one after another without waiting on anything (the embedded
// database answers in the same thread): without a cap, V8 lets old garbage grow the heap by 100 MiB
// and more before it collects it. 128 MiB keeps 10,000 renewals under 300 MiB (bench/renewals.ts)
// for about 8 % more CPU time.
export const JOBS_NODE_ARGS = [...SERVER_NODE_ARGS, '--max-old-space-size=128']
