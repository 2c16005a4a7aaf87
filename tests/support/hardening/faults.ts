import type { AiEngine } from '#services/ai/engine'

/**
 * A model that answers garbage (docs/rules/ai.md#tools). `throws`: the raw parse error a hosted model's
 * malformed JSON produces (not the engine's own AiEngineError). `shape`: parsed JSON of the
 * wrong shape (nulls, wrong types, empty lists, out-of-range indexes).
 */
export class GarbageEngine implements AiEngine {
  readonly name = 'garbage'
  constructor(private mode: 'throws' | 'shape') {}

  #fail(): never {
    JSON.parse('{"GARBAGE": tru')
    throw new Error('unreachable')
  }
  async summarize(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return { summary: null, key_points: 'GARBAGE', citations: [{}] }
  }
  async flashcards(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return { title: 42, cards: [] }
  }
  async answer(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return { answer: '', citations: 'GARBAGE' }
  }
  async studyGuide(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return { title: 'GARBAGE', sections: [] }
  }
  async trivia(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return {
      questions: [{ question: 'GARBAGE?', options: ['only one'], correctIndex: 7, explanation: null, citation: null }],
    }
  }
  async course(): Promise<any> {
    if (this.mode === 'throws') this.#fail()
    return { title: '', description: null, modules: 'GARBAGE' }
  }
}
