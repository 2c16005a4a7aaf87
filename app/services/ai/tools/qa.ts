import type { ChunkRef } from '#models/ai_json'
import type { QaAnswerJson } from '#shared/api/ai'
import { qaValidator } from '#validators/ai'
import { NOT_FOUND_ANSWER, type Passage } from '#services/ai/engine'
import { resolveScope, maxTotalCharacters, type ScopeInput } from '#services/ai/scope_resolver'
import { readOut, type Retrieval } from '#services/ai/retrieval'
import { embedQuery, queryEncoder } from '#services/ai/embeddings/encoders'
import { cutAtSentence, splitSentences, terms } from '#services/ai/nlp'
import { bm25 } from '#services/ai/vectors'
import { defineTool } from '#services/ai/tools/tool'

/** docs/rules/ai.md#tools: the Q&A answer when the documents do not hold one (never charged). */
export function notFoundBody(): QaAnswerJson {
  return { answer: NOT_FOUND_ANSWER, found: false, sources: [], citations: [] }
}

type Prepared = { query: string; retrieval: Retrieval; readout: Passage[] }
type Answer = { answer: string; found: boolean; citations: ChunkRef[] }
const refKey = (c: ChunkRef) => `${c.document_id}:${c.chunk_index}`

/**
 * Q&A (docs/rules/ai.md#tools): every chunk in scope is ranked (hybrid BM25 + sentence encoder, issue
 * 25); MAX_TOTAL_CHARACTERS caps only what is read out to the engine. Nothing relevant →
 * `found: false` without a model call; a found: false answer (either engine) is free.
 */
export const qaTool = defineTool<ScopeInput & { user_query: string }, Prepared, Answer>({
  id: 'qa',
  operation: 'qa',
  validator: qaValidator,
  async prepare(ctx, input) {
    const query = input.user_query.trim()
    const { passages } = await resolveScope(ctx.userId, input, { uncapped: true, encoderId: queryEncoder(ctx.ai)?.id })
    const retrieval = await ctx.rank(passages, query, await embedQuery(ctx.ai, passages, query))
    const readout = readOut(retrieval, maxTotalCharacters())
    // Nothing shares a word with the question and nothing is near it in meaning.
    if (readout.length === 0 || (retrieval.sentences[0]?.score ?? 0) <= 0) return { answer: notFoundBody() }
    return { prepared: { query, retrieval, readout } }
  },
  async produce(ctx, { query, retrieval, readout }) {
    const r = await ctx.engine.answer(readout, { query, retrieval })
    // Only an explicit `found: false` abstains; anything else must be a usable answer.
    if (r?.found === false) return { answer: '', found: false, citations: [] }
    if (typeof r?.answer !== 'string' || !r.answer.trim() || !Array.isArray(r.citations)) ctx.empty('an answer')
    return { ...r, found: true }
  },
  async persist(_ctx, { query, retrieval, readout }, r) {
    const score = new Map(retrieval.ranked.map((x) => [refKey(x.passage), x.score]))
    const queryTerms = terms(query)
    const cited = r.citations.map(refKey)
    const ordered = cited.length
      ? readout
          .filter((p) => cited.includes(refKey(p)))
          .sort((a, b) => cited.indexOf(refKey(a)) - cited.indexOf(refKey(b)))
      : readout.slice(0, 1)
    const sources = ordered.slice(0, 3).map((p) => {
      const sentences = splitSentences(p.text)
      const scores = bm25(
        queryTerms,
        sentences.map((s) => terms(s))
      )
      let best = 0
      scores.forEach((s, i) => (s > scores[best] ? (best = i) : null))
      return {
        document_id: p.document_id,
        chunk_index: p.chunk_index,
        snippet: cutAtSentence(scores[best] > 0 ? sentences[best] : sentences[0] || p.text, 300),
        score: Math.round((score.get(refKey(p)) ?? 0) * 1000) / 1000,
      }
    })
    const body: QaAnswerJson = { answer: r.answer.trim(), found: true, sources, citations: r.citations }
    return { data: body, created: false }
  },
  free: (r) => (r.found ? null : notFoundBody()),
})
