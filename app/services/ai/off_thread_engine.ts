import { AiBusyError } from '#exceptions/ai_errors'
import type { WorkerPool } from '#services/infra/worker_pool'
import { WorkerTaskError } from '#services/infra/worker_pool'
import type { LocalEngine } from '#services/ai/local_engine'
import type { AiEngine, Passage, TriviaOptions } from '#services/ai/engine'
import type { EngineMethod } from '#workers/tasks'

/**
 * The local engine with its whole-scope tools (summary, flashcards, study guide, trivia, course)
 * run in the worker pool: over 60,000 characters a trivia game is seconds of CPU, and on the
 * event loop every other request would wait for it. Q&A stays here: it reads the ranking made on
 * this thread and takes a few milliseconds.
 */
export class OffThreadEngine implements AiEngine {
  readonly name = 'local'

  constructor(
    private local: LocalEngine,
    private pool: () => WorkerPool,
    private timeoutMs: number
  ) {}

  summarize(passages: Passage[]) {
    return this.#run<Awaited<ReturnType<AiEngine['summarize']>>>('summarize', passages)
  }

  flashcards(passages: Passage[], options: { count: number }) {
    return this.#run<Awaited<ReturnType<AiEngine['flashcards']>>>('flashcards', passages, options)
  }

  studyGuide(passages: Passage[]) {
    return this.#run<Awaited<ReturnType<AiEngine['studyGuide']>>>('studyGuide', passages)
  }

  trivia(passages: Passage[], options: TriviaOptions) {
    return this.#run<Awaited<ReturnType<AiEngine['trivia']>>>('trivia', passages, options)
  }

  course(passages: Passage[], options: Parameters<AiEngine['course']>[1]) {
    return this.#run<Awaited<ReturnType<AiEngine['course']>>>('course', passages, options)
  }

  answer(passages: Passage[], options: Parameters<AiEngine['answer']>[1]) {
    return this.local.answer(passages, options)
  }

  async #run<T>(method: EngineMethod, passages: Passage[], options?: unknown): Promise<T> {
    try {
      return await this.pool().run<T>('engine', { method, passages, options }, { timeoutMs: this.timeoutMs })
    } catch (error) {
      if (error instanceof WorkerTaskError && (error.reason === 'busy' || error.reason === 'timeout'))
        throw new AiBusyError(error.reason === 'busy' ? 5 : 30)
      throw error
    }
  }
}
