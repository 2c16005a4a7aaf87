/** A WorkerPool entry for the pool's own tests: the same protocol as app/workers/pool_worker.ts. */
import { parentPort, threadId } from 'node:worker_threads'

const handlers: Record<string, (payload: any) => unknown> = {
  echo: (payload) => ({ payload, threadId }),
  /** Blocks its thread (as a slow parser would). */
  spin: (ms: number) => {
    const end = Date.now() + ms
    while (Date.now() < end);
    return threadId
  },
  /** Blocks its thread without using CPU (as a worker starved of CPU by a loaded machine seems from outside). */
  sleep: (ms: number) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
    return threadId
  },
  fail: (message: string) => {
    throw Object.assign(new Error(message), { name: 'TestRefusal', details: { rule: 'test' } })
  },
  exit: () => process.exit(3),
  hog: () => {
    const keep: number[][] = []
    for (;;) keep.push(Array.from({ length: 100_000 }, (_, i) => i))
  },
}

parentPort!.postMessage({ ready: true })
parentPort!.on('message', async ({ task, payload }: { task: string; payload: unknown }) => {
  try {
    parentPort!.postMessage({ ok: true, result: await handlers[task](payload) })
  } catch (error) {
    const e = error as Error & { details?: Record<string, unknown> }
    parentPort!.postMessage({ ok: false, error: { name: e.name, message: e.message, details: e.details } })
  }
})
