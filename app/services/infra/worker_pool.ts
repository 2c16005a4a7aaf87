import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * A small pool of worker threads for CPU-bound work that must stay off the event loop
 * (reading uploads; embeddings have their own thread, embedding_runner.ts). The worker entry
 * (app/workers/pool_worker.ts) maps a task name to a handler. Bounded: `size` workers, at most
 * `maxQueue` tasks waiting, a time limit per task (the worker is terminated and replaced), a
 * heap limit per worker. A worker
 * that failed in any way (timeout, out of memory, crash) is recycled.
 */
export type PoolOptions = {
  entry: URL
  size: number
  maxQueue: number
  resourceLimits?: ResourceLimits
  /** Nice value of the worker threads (Linux), e.g. 10: the event loop keeps the CPU. */
  niceness?: number
}

export type RunOptions = {
  timeoutMs: number
  /** Called with each `{ progress }` message the task's handler sends (app/workers/pool_worker.ts). */
  onProgress?: (progress: unknown) => void
}

/** Why a task did not produce a result. `error`: the handler threw (its name and message kept). */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crashed' | 'busy' | 'closed' | 'error',
    message: string,
    readonly remoteName?: string,
    readonly details?: Record<string, unknown>
  ) {
    super(message)
  }
}

type Job = {
  task: string
  payload: unknown
  timeoutMs: number
  onProgress?: (progress: unknown) => void
  resolve: (value: any) => void
  reject: (error: Error) => void
}

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; ready: boolean }

/** A worker that has not loaded its task modules after this long is taken as broken. */
const STARTUP_LIMIT_MS = 60_000
/** Wall time a task may take, in multiples of its CPU-time limit (see #arm). */
const WALL_LIMIT_FACTOR = 6
const MIN_RECHECK_MS = 50

/** CPU time used by the worker's thread so far, in µs (null when it cannot be read). */
function cpuMicros(worker: Worker): Promise<number | null> {
  const usage = (worker as Worker & { cpuUsage?: () => Promise<{ user: number; system: number }> }).cpuUsage
  if (typeof usage !== 'function') return Promise.resolve(null)
  return usage.call(worker).then(
    (u) => u.user + u.system,
    () => null
  )
}

export class WorkerPool {
  #slots: Slot[] = []
  #queue: Job[] = []
  #closed = false

  constructor(readonly options: PoolOptions) {}

  get stats() {
    return { workers: this.#slots.length, busy: this.#slots.filter((s) => s.job).length, queued: this.#queue.length }
  }

  /** Runs `task` in a worker; rejects with WorkerTaskError('busy') at once when the queue is full. */
  run<T>(task: string, payload: unknown, options: RunOptions): Promise<T> {
    if (this.#closed) return Promise.reject(new WorkerTaskError('closed', 'The worker pool is shut down.'))
    return new Promise<T>((resolve, reject) => {
      const job: Job = { task, payload, timeoutMs: options.timeoutMs, onProgress: options.onProgress, resolve, reject }
      const idle = this.#slots.find((s) => !s.job)
      if (idle) return this.#start(idle, job)
      if (this.#slots.length < this.options.size) return this.#start(this.#spawn(), job)
      if (this.#queue.length >= this.options.maxQueue)
        return reject(new WorkerTaskError('busy', 'Every worker is busy and the queue is full.'))
      this.#queue.push(job)
    })
  }

  /** Terminates every worker and fails what is queued; the pool refuses work afterwards. */
  async close() {
    this.#closed = true
    for (const job of this.#queue.splice(0)) job.reject(new WorkerTaskError('closed', 'The worker pool is shut down.'))
    await Promise.all(
      this.#slots.map((slot) => this.#retire(slot, new WorkerTaskError('closed', 'The worker pool is shut down.')))
    )
  }

  #spawn(): Slot {
    const tsEntry = this.options.entry.pathname.endsWith('.ts')
    // In development and tests the entry is TypeScript: the worker needs the same loader.
    const execArgv = tsEntry
      ? [...process.execArgv, '--import', import.meta.resolve('@poppinss/ts-exec')]
      : process.execArgv
    const worker = new Worker(this.options.entry, {
      execArgv,
      resourceLimits: this.options.resourceLimits,
      workerData: { niceness: this.options.niceness ?? 0 },
    })
    const slot: Slot = { worker, job: null, timer: null, ready: false }
    worker.unref()
    type Reply = {
      ready?: true
      progress?: unknown
      ok: boolean
      result?: unknown
      error?: { name: string; message: string; details?: Record<string, unknown> }
    }
    worker.on('message', (message: Reply) => {
      if (message.ready) {
        // The time limit counts from here: starting a worker is not the task's fault.
        slot.ready = true
        if (slot.job) this.#arm(slot, slot.job)
        return
      }
      const job = slot.job
      if (!job) return
      if ('progress' in message) {
        try {
          job.onProgress?.(message.progress)
        } catch {}
        return
      }
      this.#finish(slot)
      if (message.ok) job.resolve(message.result)
      else
        job.reject(
          new WorkerTaskError(
            'error',
            message.error?.message || 'The task failed.',
            message.error?.name,
            message.error?.details
          )
        )
      // A handler that threw may have left the worker in a bad state: recycle it.
      if (!message.ok) void this.#retire(slot)
      this.#next(message.ok ? slot : null)
    })
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      this.#fail(
        slot,
        new WorkerTaskError(
          memory ? 'memory' : 'crashed',
          memory ? 'The worker ran out of memory.' : `The worker crashed: ${error.message}`
        )
      )
    })
    worker.on('exit', () => this.#fail(slot, new WorkerTaskError('crashed', 'The worker stopped unexpectedly.')))
    this.#slots.push(slot)
    return slot
  }

  #start(slot: Slot, job: Job) {
    slot.job = job
    slot.worker.ref()
    if (slot.ready) this.#arm(slot, job)
    else
      slot.timer = setTimeout(
        () => this.#fail(slot, new WorkerTaskError('crashed', 'The worker did not start.')),
        STARTUP_LIMIT_MS
      )
    slot.worker.postMessage({ task: job.task, payload: job.payload })
  }

  /**
   * The time limit counts the worker's own CPU time, not the clock: on a loaded machine a niced worker may get a
   * tenth of a core, and a file that reads in 1.4 s took over 10 s of wall time (helper hostile-files). A task
   * stuck without using CPU is still stopped after `WALL_LIMIT_FACTOR` times its limit of wall time. Without
   * `worker.cpuUsage()` (Node < 24.6) the limit is wall time, as before.
   */
  #arm(slot: Slot, job: Job) {
    if (slot.timer) clearTimeout(slot.timer)
    const startedAt = Date.now()
    const baseline = cpuMicros(slot.worker)
    const check = async () => {
      const [start, now] = await Promise.all([baseline, cpuMicros(slot.worker)])
      if (slot.job !== job) return
      const usedMs = start === null || now === null ? Number.POSITIVE_INFINITY : (now - start) / 1000
      const left = job.timeoutMs - usedMs
      if (left > 0 && Date.now() - startedAt < job.timeoutMs * WALL_LIMIT_FACTOR) {
        slot.timer = setTimeout(check, Math.max(left, MIN_RECHECK_MS))
        return
      }
      this.#fail(slot, new WorkerTaskError('timeout', `The task took longer than ${job.timeoutMs} ms.`))
    }
    slot.timer = setTimeout(check, job.timeoutMs)
  }

  #finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer)
    slot.timer = null
    slot.job = null
    slot.worker.unref()
  }

  #fail(slot: Slot, error: WorkerTaskError) {
    if (!this.#slots.includes(slot)) return
    const job = slot.job
    void this.#retire(slot)
    job?.reject(error)
    this.#next(null)
  }

  async #retire(slot: Slot, error?: WorkerTaskError) {
    const index = this.#slots.indexOf(slot)
    if (index < 0) return
    this.#slots.splice(index, 1)
    const job = slot.job
    this.#finish(slot)
    if (job && error) job.reject(error)
    slot.worker.removeAllListeners('exit')
    slot.worker.on('error', () => {})
    await slot.worker.terminate().catch(() => {})
  }

  /** Hands the next queued job to `slot` (or to a new worker when a slot was retired). */
  #next(slot: Slot | null) {
    const job = this.#queue.shift()
    if (!job) return
    if (this.#closed) return job.reject(new WorkerTaskError('closed', 'The worker pool is shut down.'))
    this.#start(slot && !slot.job ? slot : this.#spawn(), job)
  }
}
