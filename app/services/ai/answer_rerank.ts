/**
 * The answer sentence among the ranking's best candidates (issue 25): a logistic model over what
 * the hybrid ranking weighs and what only a closer reading shows (how much of the question the
 * sentence and its neighbours hold, how tightly, in the question's order, whether it holds a word
 * of the asked kind). Fitted on the DEV articles only by bench/ai_calibrate.ts; on them, each
 * article scored by a model fitted on the other five, the best sentence holds the gold 81–82 % of
 * the time against 78.7 % for the ranking's first (docs/decisions/ai.md).
 */
import { isContent, type Token } from '#services/ai/language'
import { hasCandidate, keysOf, type AnswerType } from '#services/ai/answer_clauses'
import type { RankedSentence, WeightedGroup } from '#services/ai/retrieval'

export const RERANK_KEYS = [
  'score',
  'lexical',
  'neighbours',
  'chunk',
  'cosineZ',
  'chunkCosineZ',
  'cosine',
  'typed',
  'designator',
  'candidate',
  'coverage',
  'coverageContext',
  'heaviest',
  'density',
  'order',
  'novelty',
  'first',
] as const
type Key = (typeof RERANK_KEYS)[number]
export type RerankFeatures = Record<Key, number>
/** Weights of each feature, of its difference to the ranking's first candidate, and of the rank. */
export type RerankModel = { own: number[]; relative: number[]; rank: number }

/** `dense` when the scope has vectors, `lexical` while it has none (bench/ai_calibrate.ts prints both). */
export const RERANK: { dense: RerankModel; lexical: RerankModel } = {
  dense: {
    own: [
      0.421, 0.456, -0.849, -0.712, 0.359, -0.167, 0.967, 0.298, -0.568, 0.13, 1.269, 0.755, 0.306, -0.336, 1.116,
      0.055, 0.397,
    ],
    relative: [
      0.718, -0.122, 0.362, 0.417, 0.403, 0.046, 0.389, 0.304, -0.179, 0.876, 0.919, 0.545, -0.225, -0.071, 0.442,
      0.884, -0.361,
    ],
    rank: -0.154,
  },
  lexical: {
    own: [
      0.13, 0.641, -0.735, -0.62, 0, 0, 0, 0.386, -0.461, -0.042, 1.387, 0.798, 0.287, -0.871, 1.161, -0.432, 0.304,
    ],
    relative: [
      0.362, 0.363, 0.374, 0.593, 0, 0, 0, 0.238, -0.198, 0.702, 0.997, 0.521, -0.178, 0.151, 0.418, 0.752, -0.296,
    ],
    rank: -0.187,
  },
}

export type RerankInput = {
  sentence: RankedSentence
  tokens: Token[]
  neighbourTokens: Token[]
}
export type QuestionReading = {
  groups: WeightedGroup[]
  type: AnswerType
  questionKeys: Set<string>
  /** The question's content tokens, in order. */
  content: Token[]
}

const matches = (t: Token, keys: Set<string>) => keys.has(t.key) || keys.has(t.surfaceKey)

export function rerankFeatures(input: RerankInput, q: QuestionReading): RerankFeatures {
  const { sentence: s, tokens } = input
  const own = keysOf(tokens)
  const around = keysOf(input.neighbourTokens)
  const total = q.groups.reduce((sum, g) => sum + g.weight, 0) || 1
  let held = 0
  let heldAround = 0
  let heaviest = 0
  for (const g of q.groups) {
    if (g.keys.some((k) => own.has(k))) {
      held += g.weight
      heaviest = Math.max(heaviest, g.weight)
    } else if (g.keys.some((k) => around.has(k))) heldAround += g.weight
  }
  const at: number[] = []
  tokens.forEach((t, i) => isContent(t) && matches(t, q.questionKeys) && at.push(i))
  const span = at.length ? at[at.length - 1] - at[0] + 1 : 0
  // The question's neighbouring content words found close together, in the same order.
  let inOrder = 0
  for (let i = 0; i + 1 < q.content.length; i++) {
    const a = tokens.findIndex((t) => t.key === q.content[i].key)
    if (a >= 0 && tokens.some((t, j) => j > a && j <= a + 3 && t.key === q.content[i + 1].key)) inOrder++
  }
  const content = tokens.filter(isContent)
  const f = s.features
  return {
    score: s.score,
    lexical: f.lexical,
    neighbours: f.neighbours,
    chunk: f.chunk,
    cosineZ: f.cosineZ,
    chunkCosineZ: f.chunkCosineZ,
    cosine: f.cosine ?? 0,
    typed: f.typed,
    designator: f.designator,
    candidate: hasCandidate(tokens, q.type, q.questionKeys) ? 1 : 0,
    coverage: held / total,
    coverageContext: (held + heldAround) / total,
    heaviest,
    density: at.length > 1 ? at.length / span : at.length,
    order: q.content.length > 1 ? inOrder / (q.content.length - 1) : 0,
    novelty: content.length ? content.filter((t) => !matches(t, q.questionKeys)).length / content.length : 0,
    first: s.index === 0 ? 1 : 0,
  }
}

/** The model's inputs for each candidate (in ranking order): features, differences to the first, rank. */
export function rerankInputs(features: RerankFeatures[]): number[][] {
  const top = features[0]
  return features.map((f, rank) => [...RERANK_KEYS.map((k) => f[k]), ...RERANK_KEYS.map((k) => f[k] - top[k]), rank])
}

export function rerankScores(features: RerankFeatures[], model: RerankModel): number[] {
  const weights = [...model.own, ...model.relative, model.rank]
  return rerankInputs(features).map((x) => x.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0))
}
