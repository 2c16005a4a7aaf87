import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '#tests/support/free_port'

/**
 * A local S3-compatible server (s3rver from npm, scripts/s3_server.js, in a child process) for
 * tests: 127.0.0.1, a free port, a throwaway directory, one bucket. Signatures are checked with its fixed keys,
 * so the real @aws-sdk/client-s3 signs every request as it would against S3.
 */
export const S3RVER_KEY = 'S3RVER'

export class S3TestServer {
  #server: ChildProcess | null = null
  #directory = ''
  port = 0

  constructor(readonly bucket = 'studyhub-test') {}

  get endpoint() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The settings of the app's s3 disk pointing here (config/drive.ts s3DiskOptions). */
  get settings() {
    return {
      bucket: this.bucket,
      region: 'us-east-1',
      endpoint: this.endpoint,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    }
  }

  async start(port?: number) {
    this.port = port ?? (await freePort())
    this.#directory ||= await mkdtemp(join(tmpdir(), 's3rver-'))
    const script = fileURLToPath(new URL('../../scripts/s3_server.js', import.meta.url))
    const child = spawn(process.execPath, [script, String(this.port), this.#directory, this.bucket], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    this.#server = child
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)))
      child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve())
    })
    child.removeAllListeners('exit')
    return this
  }

  /** Stops answering (the data stays, so start() on the same port brings it back). */
  async pause() {
    const child = this.#server
    this.#server = null
    if (!child || child.exitCode !== null) return
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }

  async stop() {
    await this.pause()
    if (this.#directory) await rm(this.#directory, { recursive: true, force: true })
  }
}
