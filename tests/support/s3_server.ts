import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'

/**
 * A local S3-compatible server (s3rver from npm) for tests and `npm run cluster`: 127.0.0.1, a
 * free port, a throwaway directory, one bucket. Signatures are checked with its fixed keys,
 * so the real @aws-sdk/client-s3 signs every request as it would against S3.
 */
export const S3RVER_KEY = 'S3RVER'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export class S3TestServer {
  #server: any = null
  #directory = ''
  port = 0

  constructor(readonly bucket = 'studyhub-test') {}

  get endpoint() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The settings of the app's s3 disk pointing here (config/drive.ts s3DiskOptions). */
  get settings() {
    return { bucket: this.bucket, region: 'us-east-1', endpoint: this.endpoint, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY }
  }

  async start(port?: number) {
    this.port = port ?? (await freePort())
    this.#directory ||= await mkdtemp(join(tmpdir(), 's3rver-'))
    this.#server = new S3rver({ port: this.port, address: '127.0.0.1', silent: true, directory: this.#directory, configureBuckets: [{ name: this.bucket }] })
    await this.#server.run()
    return this
  }

  /** Stops answering (the data stays, so start() on the same port brings it back). */
  async pause() {
    await this.#server?.close()
    this.#server = null
  }

  async stop() {
    await this.pause()
    if (this.#directory) await rm(this.#directory, { recursive: true, force: true })
  }
}
