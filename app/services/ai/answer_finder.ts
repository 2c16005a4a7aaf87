import type { ChunkRef } from '#models/ai_json'
import { analyzeText, isContent } from '#services/ai/language'
import { RERANK, rerankFeatures, rerankScores } from '#services/ai/answer_rerank'
import { splitSentences } from '#services/ai/nlp'
import type { Retrieval } from '#services/ai/retrieval'
import { extraEvidence, type ExtraEvidence } from '#services/ai/answer_evidence'
import { definedTerm, defines, expectedType, keysOf, shorten, withListItems } from '#services/ai/answer_clauses'
import { EVIDENCE_KEYS, REFUSAL, type RefusalModel } from '#services/ai/refusal_model'

const CONTEXT_SHARE = 0.3

export type FoundAnswer = { found: true; answer: string; citations: ChunkRef[] } | { found: false }

const CANDIDATES = 8
/**
 * A question its best sentence and that sentence's neighbours share under a quarter of (by IDF
 * weight) is judged by meaning alone. SQuAD's questions nearly always share more, so the refusal
 * model never learnt such questions, and it answered one in eight questions about another subject
 * (a word unseen in scope even counts for answering there). Below this cosine, refused;
 * bench/ai_calibrate_off_topic.ts derives it from the DEV articles. Only with vectors: the
 * lexical model has no meaning to judge by, and the floor there cost 5 points of answerable DEV
 * questions.
 */
export const OFF_TOPIC = { coverage: 0.25, cosine: 0.35 }

export type Evidence = ExtraEvidence & {
  coverage: number
  unseen: number
  typed: number
  lexical: number
  cosine: number | null
  maxMissing: number
  negation: number
  missingName: number
  margin: number
  lexicalTop: number
  cosineTop: number
  groups: number
}

/** The evidence as the model's inputs, in EVIDENCE_KEYS order (a missing cosine counts 0). */
export const evidenceVector = (e: Evidence) => EVIDENCE_KEYS.map((k) => (k === 'cosine' ? (e.cosine ?? 0) : e[k]))
export const refusalModel = (e: Evidence) => (e.cosine === null ? REFUSAL.lexical : REFUSAL.dense)

export function evidenceProbability(e: Evidence, model: RefusalModel = refusalModel(e)): number {
  const x = evidenceVector(e)
  const z = EVIDENCE_KEYS.reduce((sum, k, i) => sum + model[k] * x[i], model.bias)
  return 1 / (1 + Math.exp(-z))
}

const tokensOf = (text: string | undefined) => (text ? analyzeText(text).tokens : [])

/** The ranking's best sentences, each with what the reranking reads in it (answer_rerank.ts). */
export function answerCandidates(retrieval: Retrieval, query: string) {
  const byPosition = new Map(retrieval.ranked.map((r) => [r.position, r.passage]))
  const questionKeys = new Set(retrieval.groups.flatMap((g) => g.keys))
  const reading = {
    groups: retrieval.groups,
    type: expectedType(query),
    questionKeys,
    content: analyzeText(query).tokens.filter(isContent),
  }
  const split = new Map<number, string[]>()
  return retrieval.sentences.slice(0, CANDIDATES).map((s) => {
    const tokens = analyzeText(s.text).tokens
    if (!split.has(s.position)) split.set(s.position, splitSentences(byPosition.get(s.position)!.text))
    const siblings = split.get(s.position)!
    const neighbours = [tokensOf(siblings[s.index - 1]), tokensOf(siblings[s.index + 1])] as const
    const neighbourTokens = [...neighbours[0], ...neighbours[1]]
    const features = rerankFeatures({ sentence: s, tokens, neighbourTokens }, reading)
    return { s, tokens, siblings, neighbours, features }
  })
}

/**
 * Extractive question answering over the retrieval's best sentences: the best sentence by the
 * reranking (answer_rerank.ts: the ranking read again with how much of the question each holds,
 * how tightly, and a word of the asked kind: a date for "when", a number for "how many", a name
 * for "who/where", from wink-nlp), cut to its answering clause when long. Refuses when
 * the evidence model says the scope does not hold the answer.
 */
export function chooseAnswer(retrieval: Retrieval, query: string) {
  const groups = retrieval.groups
  const total = groups.reduce((s, g) => s + g.weight, 0)
  if (retrieval.sentences.length === 0) return null
  const type = expectedType(query)
  const questionKeys = new Set(groups.flatMap((g) => g.keys))
  const byPosition = new Map(retrieval.ranked.map((r) => [r.position, r.passage]))
  const read = answerCandidates(retrieval, query)
  const scores = rerankScores(
    read.map((c) => c.features),
    retrieval.dense ? RERANK.dense : RERANK.lexical
  )
  const candidates = read.map((c, i) => ({ ...c, typed: c.features.candidate === 1, score: scores[i] }))
  candidates.sort((a, b) => b.score - a.score)
  // "What is X?" over a text saying "X is …": the definition answers, whatever the model says
  // (SQuAD has few such questions, so the model knows little about them; students ask them most).
  const term = definedTerm(query)
  const definition = term ? candidates.findIndex((c) => defines(c.s.text, term)) : -1
  if (definition > 0) candidates.unshift(...candidates.splice(definition, 1))
  const best = candidates[0]
  const passage = byPosition.get(best.s.position)!
  const { siblings, neighbours } = best
  const own = keysOf(best.tokens)
  const around = neighbours.map(keysOf)
  let held = 0
  let unseen = 0
  let maxMissing = 0
  let missingName = 0
  for (const g of groups) {
    if (g.keys.some((k) => own.has(k))) held += g.weight
    else if (around.some((n) => g.keys.some((k) => n.has(k)))) held += CONTEXT_SHARE * g.weight
    else {
      maxMissing = Math.max(maxMissing, g.weight)
      if (g.pos === 'PROPN' || g.pos === 'NUM') missingName = 1
    }
    if (!g.seen) unseen += g.weight
  }
  const negated = (text: string) => /\b(not|never|no|none|nor|without|cannot|non)\b|n't\b/i.test(text)
  const questionTokens = analyzeText(query).tokens
  const extra = extraEvidence({
    groups,
    question: query,
    questionTokens,
    sentence: best.s.text,
    sentenceTokens: best.tokens,
    contextTokens: [...neighbours[0], ...best.tokens, ...neighbours[1]],
    context: [siblings[best.s.index - 1], best.s.text, siblings[best.s.index + 1]].filter(Boolean).join(' '),
  })
  const second = candidates[1]
  const top = retrieval.sentences
  const argmax = (pick: (s: (typeof top)[number]) => number) =>
    top.reduce((b, s) => (pick(s) > pick(b) ? s : b), top[0])
  const same = (a: (typeof top)[number], b: (typeof top)[number]) => a.position === b.position && a.index === b.index
  const context = {
    margin: second ? best.score - second.score : 1,
    lexicalTop: same(
      argmax((s) => s.lexical),
      best.s
    )
      ? 1
      : 0,
    cosineTop:
      best.s.cosine === null
        ? 0
        : same(
              argmax((s) => s.cosine ?? 0),
              best.s
            )
          ? 1
          : 0,
    groups: Math.min(groups.length, 10) / 10,
  }
  const evidence: Evidence = {
    ...extra,
    ...context,
    coverage: total > 0 ? held / total : 0,
    unseen: total > 0 ? unseen / total : 0,
    typed: best.typed ? 1 : 0,
    lexical: best.s.lexical,
    cosine: best.s.cosine,
    maxMissing: total > 0 ? maxMissing / total : 0,
    negation: negated(query) && !negated(best.s.text) ? 1 : 0,
    missingName,
  }
  return {
    best,
    passage,
    type,
    questionKeys,
    evidence,
    probability: evidenceProbability(evidence),
    definition: definition >= 0,
  }
}

type Chosen = NonNullable<ReturnType<typeof chooseAnswer>>

/**
 * Whether the engine answers with the chosen sentence at refusal threshold `threshold`: the
 * logistic model decides unless a rule does first. bench/ai_calibrate.ts draws its trade-off
 * curve with this, so the threshold is chosen on what the engine really does.
 */
export function answers(chosen: Chosen, retrieval: Retrieval, threshold = refusalModel(chosen.evidence).threshold) {
  const { evidence } = chosen
  // Nothing shares a word with the question and nothing is near it in meaning: no evidence at all.
  if (chosen.best.s.score <= 0) return false
  // "Photosystem II" never answers a question about "photosystem I".
  if (evidence.designatorMismatch === 1) return false
  // A number the sentence contradicts and a name swapped into its slot: on DEV, 27 unanswerable
  // questions against 3 answerable ones, which the logistic model alone weighs too lightly.
  if (evidence.numberConflict === 1 && evidence.slotSwapName === 1) return false
  if (evidence.cosine !== null && evidence.coverage < OFF_TOPIC.coverage && evidence.cosine < OFF_TOPIC.cosine)
    return false
  // A name the documents never mention, in a question mostly foreign to them ("When did
  // Napoleon invade Russia?" over Roman history): a sentence close in meaning is about something else.
  if (evidence.unseen >= 0.5 && retrieval.groups.some((g) => !g.seen && g.pos === 'PROPN' && /^\p{Lu}/u.test(g.text)))
    return false
  return chosen.definition || chosen.probability >= threshold
}

export function findAnswer(retrieval: Retrieval, query: string): FoundAnswer {
  const chosen = chooseAnswer(retrieval, query)
  if (!chosen || !answers(chosen, retrieval)) return { found: false }
  const { best, passage, type, questionKeys } = chosen
  const cut = shorten({ text: best.s.text, tokens: best.tokens, offset: 0 }, retrieval.groups, type, questionKeys)
  const answer = withListItems(cut, passage.text, best.s.index)
  const refs: ChunkRef[] = [{ document_id: passage.document_id, chunk_index: passage.chunk_index }]
  for (const r of retrieval.ranked) {
    if (refs.length >= 3) break
    if (!refs.some((x) => x.document_id === r.passage.document_id && x.chunk_index === r.passage.chunk_index))
      refs.push({ document_id: r.passage.document_id, chunk_index: r.passage.chunk_index })
  }
  return { found: true, answer, citations: refs }
}
