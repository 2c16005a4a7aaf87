/*
| The entry of every WorkerPool thread (app/services/infra/worker_pool.ts). Receives
| `{ task, payload }`, runs the named handler of app/workers/tasks.ts and posts
| `{ ok: true, result }` or `{ ok: false, error: { name, message, details } }`, after one
| `{ ready: true }` once the task modules are loaded. A handler may send `{ progress }` messages
| meanwhile through its second argument. Only node:
| imports at the top: the task modules load after the TypeScript loader is in place.
*/
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

// A lower CPU priority for this thread (Linux: a thread has its own nice value), so the event
// loop thread wins the CPU on a small machine while files are read. Elsewhere: no-op.
if (workerData?.niceness) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.niceness)
  } catch {}
}

const { handlers } = await import('./tasks.js')
// Loaded: the pool starts the task's clock now.
parentPort!.postMessage({ ready: true })

parentPort!.on('message', async ({ task, payload }: { task: string; payload: unknown }) => {
  try {
    const handler = handlers[task]
    if (!handler) throw new Error(`Unknown worker task "${task}"`)
    const report = (progress: unknown) => parentPort!.postMessage({ progress })
    parentPort!.postMessage({ ok: true, result: await handler(payload, report) })
  } catch (error) {
    const e = error as Error & { details?: Record<string, unknown> }
    parentPort!.postMessage({
      ok: false,
      error: { name: e?.name ?? 'Error', message: String(e?.message ?? error), details: e?.details },
    })
  }
})
