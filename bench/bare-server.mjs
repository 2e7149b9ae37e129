// The baseline of the API's load test: a bare Node HTTP handler that answers the same JSON bytes
// the server's /api/cms answers. Usage: node bench/bare-server.mjs FILE PORT
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const body = readFileSync(process.argv[2])
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  response.end(body)
}).listen(Number(process.argv[3]), '127.0.0.1')
