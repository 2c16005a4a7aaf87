// The current engine's Q&A path, as the qa tool runs it (rank every chunk, read out, answer).
import type { QaSystem } from './squad_eval.ts'
import { legacyPrepare, legacyQa } from './legacy_qa/index.ts'

// Before issue 25 the current engine is the frozen one; this adapter follows the app's Q&A path.
export const currentEngine: QaSystem = {
  name: 'engine',
  async prepare(passages) {
    const prepared = legacyPrepare(passages)
    return async (q) => legacyQa(prepared, q)
  },
}
