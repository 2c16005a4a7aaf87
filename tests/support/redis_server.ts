import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { testKnob } from '#tests/support/test_run'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { freePort } from '#tests/support/free_port'

/**
 * A throwaway redis-server for tests: 127.0.0.1, random free port, no persistence, killed on
 * stop(). `npm test` provisions redis-server and hands its path in REDIS_SERVER_BIN
 * (scripts/provision.js); a run without it fails loudly instead of skipping.
 */
export function redisBinary(): string | null {
  const configured = testKnob('REDIS_SERVER_BIN')
  if (configured) return configured
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  const path = found.stdout.trim()
  return found.status === 0 && path ? path : null
}

export class RedisTestServer {
  #child: ChildProcess | null = null
  port = 0

  get url() {
    return `redis://127.0.0.1:${this.port}`
  }

  async start(binary = redisBinary()) {
    if (!binary)
      throw new Error('redis-server is not installed: run apt-get install -y redis-server (npm test does it)')
    this.port = await freePort()
    this.#child = spawn(
      binary,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
      ],
      { stdio: 'ignore' }
    )
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
    client.on('error', () => {})
    for (let i = 0; i < 100; i++) {
      try {
        await client.connect()
        await client.ping()
        client.disconnect()
        return this
      } catch {
        client.disconnect()
        await sleep(50)
      }
    }
    await this.stop()
    throw new Error(`redis-server did not start on port ${this.port}`)
  }

  /** Empties every key (between tests). */
  async flush() {
    const client = new Redis(this.url, { maxRetriesPerRequest: 1 })
    try {
      await client.flushall()
    } finally {
      client.disconnect()
    }
  }

  async stop() {
    const child = this.#child
    this.#child = null
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(3000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
