// The current engine's Q&A path, as the qa tool runs it: embed the question, rank every chunk
// (hybrid BM25 + sentence encoder), read out, answer. Vectors are cached on disk (tmp/) so that
// repeated bench runs do not embed the same articles again.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { QaSystem } from './squad_eval.ts'
import type { Passage } from '../../app/services/ai/engine.ts'
import { UseLiteEncoder, type SentenceEncoder } from '../../app/services/ai/embeddings/sentence_encoder.ts'
import { withVectors } from '../../app/services/ai/embeddings/passage_vectors.ts'
import { rankPassages, readOut } from '../../app/services/ai/retrieval.ts'
import { LocalEngine } from '../../app/services/ai/local_engine.ts'

const CACHE_DIR = join(import.meta.dirname, '..', '..', 'tmp')
const CACHE = join(CACHE_DIR, 'bench_vectors.json')

class CachingEncoder implements SentenceEncoder {
  readonly id = 'use-lite-512'
  private inner = new UseLiteEncoder()
  private cache = new Map<string, number[]>(
    existsSync(CACHE) ? Object.entries(JSON.parse(readFileSync(CACHE, 'utf8'))) : []
  )
  private dirty = 0

  async embed(texts: string[]) {
    const key = (t: string) => createHash('sha1').update(t).digest('base64')
    const missing = [...new Set(texts.filter((t) => !this.cache.has(key(t))))]
    if (missing.length) {
      const vectors = await this.inner.embed(missing)
      missing.forEach((t, i) =>
        this.cache.set(
          key(t),
          Array.from(vectors[i], (x) => Math.round(x * 1e6) / 1e6)
        )
      )
      this.dirty += missing.length
      if (this.dirty > 200) this.save()
    }
    return texts.map((t) => Float32Array.from(this.cache.get(key(t))!))
  }

  save() {
    if (!this.dirty) return
    mkdirSync(CACHE_DIR, { recursive: true })
    writeFileSync(CACHE, JSON.stringify(Object.fromEntries(this.cache)))
    this.dirty = 0
  }
}

export const benchEncoder = new CachingEncoder()
process.on('exit', () => benchEncoder.save())

/** The ingest step of the app for a bench scope: every chunk and sentence embedded. */
export function ingest(passages: Passage[]) {
  return withVectors(passages, benchEncoder)
}

const engine = new LocalEngine()

const live = new UseLiteEncoder()

/** `live`: the question is embedded now (timed runs), not read from the cache. */
export async function engineAsk(passages: Passage[], query: string, options: { live?: boolean } = {}) {
  const vector = (await (options.live ? live : benchEncoder).embed([query]))[0]
  const retrieval = rankPassages(passages, query, vector)
  const readout = readOut(retrieval, 60000)
  const result = await engine.answer(readout, { query, retrieval })
  const cited = result.citations.map(
    (c) =>
      readout.find((p) => p.document_id === c.document_id && p.chunk_index === c.chunk_index) ??
      passages.find((p) => p.document_id === c.document_id && p.chunk_index === c.chunk_index)
  )
  const sources = result.found ? cited.filter((p) => p !== undefined) : readout.slice(0, 3)
  return { found: result.found, answer: result.answer, sources: sources.map((p) => p.text), retrieval }
}

export const currentEngine: QaSystem = {
  name: 'engine',
  async prepare(passages, options = {}) {
    const prepared = await ingest(passages)
    return (q) => engineAsk(prepared, q, options)
  },
}
