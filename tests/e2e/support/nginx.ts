/**
 * Debian's nginx as the TLS proxy in front of several server processes, as production runs
 * (docs/production.md shows the same configuration): a self-signed certificate made with openssl
 * at test time, a loopback port, round-robin upstreams, and a retry on the next upstream when one
 * is away (a rolling restart).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort, tempDir } from './processes.ts'

const NGINX = '/usr/sbin/nginx'
const run = promisify(execFile)

/** The proxy's configuration: what docs/production.md gives as the example. */
export function nginxConfig(options: { port: number; upstreams: number[]; dir: string; runAsRoot: boolean }): string {
  const { dir } = options
  return `${options.runAsRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$request_method $request_uri $status $upstream_addr $upstream_status';
  access_log ${dir}/access.log upstreams;

  # max_fails=0: a process that refused a connection is tried again by the next request (it may
  # be back from a restart at once), never left out for a while with its partner stopping next.
  upstream app {
${options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
  }

  server {
    listen 127.0.0.1:${options.port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    # The largest body a route takes (grievance attachments); the app limits each route itself.
    client_max_body_size 12m;

    location / {
      proxy_pass http://app;
      proxy_set_header Host $host;
      # The client's address, set (never appended to what the client sent): TRUST_PROXY=true
      # makes the app take it for throttling.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that is away (stopping, restarting) refuses the connection: the request goes to
      # the next one. A process that has taken a request finishes it before it stops (SIGTERM), so
      # a request is only ever tried again when the first process did not get to run it.
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 2;
    }
  }
}
`
}

export interface Nginx {
  base: string
  /** The access log: method, address, status, upstream(s) tried and their statuses, a line per request. */
  accessLog: () => string[]
  stop: () => Promise<void>
}

export async function startNginx(upstreams: number[]): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is needed: apt-get install nginx (.ci/run does)`)
  const { dir, remove } = tempDir('nginx-')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ])
  const port = await freePort()
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig({ port, upstreams, dir, runAsRoot: process.getuid?.() === 0 }),
  )
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `https://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  while (!existsSync(path.join(dir, 'nginx.pid')) || !(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(
        `nginx did not start: ${output}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    base,
    accessLog: () => readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    stop: async () => {
      child.kill('SIGQUIT')
      await exited
      remove()
    },
  }
}

const canConnect = (port: number) =>
  import('node:net').then(
    ({ connect }) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      }),
  )
