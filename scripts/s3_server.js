#!/usr/bin/env node
/*
| A local S3-compatible server (s3rver from npm) in its own process, for tests and
| `npm run cluster`: `node scripts/s3_server.js <port> <directory> <bucket>`. Prints "ready"
| once it listens on 127.0.0.1. Its own process, so its internal errors never land in a test
| runner. Keys: S3RVER / S3RVER (signatures are checked).
*/
import S3rver from 's3rver'

const [port, directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
})
await server.run()
process.stdout.write('ready\n')
const stop = () => server.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
