/**
 * Choosing sentences that cover a document's topics (issue 25 item 3) for summaries and study
 * guides: maximal marginal relevance over sentence vectors. A sentence's vector is its
 * sentence-encoder vector (USE-Lite, stored with its chunk) when every candidate has one, else
 * its TF-IDF vector; relevance mixes TextRank centrality with closeness to the document's mean
 * meaning. Each pick is the most relevant sentence least like those already picked, so a
 * second topic gets its sentence before the first topic gets a third.
 */
import { sparseCosine, type SparseVector } from '#services/ai/vectors'

/**
 * `context`: the TF-IDF vector of the sentence's passage (sentences alone share too few words to tell topics apart).
 */
export type Candidate = {
  position: number
  text: string
  rank: number
  vector: SparseVector
  context?: SparseVector
  dense: Float32Array | null
}

/** Weight of relevance against novelty (Carbonell & Goldstein's λ). */
export const MMR_LAMBDA = 0.5
/** Over this similarity a sentence repeats one already picked and is never taken. */
const REPEAT_SPARSE = 0.6
const REPEAT_DENSE = 0.9

function dot(a: Float32Array, b: Float32Array) {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i] * b[i]
  return s
}

/** Whether the candidates are compared by meaning (all have encoder vectors of one size). */
export function denseSpace(candidates: Candidate[]) {
  return candidates.length > 0 && candidates.every((c) => c.dense && c.dense.length === candidates[0].dense!.length)
}

export function similarity(a: Candidate, b: Candidate, dense: boolean) {
  if (dense) return dot(a.dense!, b.dense!)
  const own = sparseCosine(a.vector, b.vector)
  return a.context && b.context ? 0.5 * own + 0.5 * sparseCosine(a.context, b.context) : own
}

/** Whether `b` says again what `a` says (never both in one selection). */
function repeats(a: Candidate, b: Candidate, dense: boolean) {
  return (
    a.text === b.text ||
    (dense ? dot(a.dense!, b.dense!) > REPEAT_DENSE : sparseCosine(a.vector, b.vector) > REPEAT_SPARSE)
  )
}

/**
 * Relevance in [0, 1]: the TextRank order (as a percentile: raw scores are too skewed for a
 * trade-off with novelty), averaged with the order of closeness to the mean vector when dense.
 */
export function relevance(candidates: Candidate[], dense: boolean): Map<number, number> {
  const percentile = (score: (c: Candidate) => number) => {
    const order = [...candidates].sort((a, b) => score(b) - score(a) || a.position - b.position)
    const n = Math.max(1, order.length - 1)
    return new Map(order.map((c, i) => [c.position, 1 - i / n]))
  }
  const byRank = percentile((c) => c.rank)
  if (!dense) return byRank
  const mean = new Float32Array(candidates[0].dense!.length)
  for (const c of candidates) for (let i = 0; i < mean.length; i++) mean[i] += c.dense![i]
  const byMeaning = percentile((c) => dot(c.dense!, mean))
  return new Map(candidates.map((c) => [c.position, 0.5 * byRank.get(c.position)! + 0.5 * byMeaning.get(c.position)!]))
}

/** Up to `count` candidates by maximal marginal relevance, in the order picked. */
export function mmrSelect<T extends Candidate>(candidates: T[], count: number, lambda = MMR_LAMBDA): T[] {
  const dense = denseSpace(candidates)
  const rel = relevance(candidates, dense)
  const chosen: T[] = []
  const pool = [...candidates]
  while (chosen.length < count && pool.length) {
    let best = -1
    let bestScore = -Infinity
    pool.forEach((c, i) => {
      if (chosen.some((p) => repeats(p, c, dense))) return
      let nearest = 0
      for (const p of chosen) nearest = Math.max(nearest, similarity(c, p, dense))
      const score = lambda * rel.get(c.position)! - (1 - lambda) * nearest
      if (score > bestScore || (score === bestScore && c.position < pool[best].position)) [best, bestScore] = [i, score]
    })
    if (best < 0) break
    chosen.push(pool.splice(best, 1)[0])
  }
  return chosen
}

/**
 * Topics: `count` seed sentences picked by MMR (central and unlike each other), then every
 * candidate joins the seed it is most similar to. Clusters come back in reading order of
 * their first sentence, each with its members best first.
 */
export function topicClusters<T extends Candidate>(candidates: T[], count: number): T[][] {
  const dense = denseSpace(candidates)
  const seeds = mmrSelect(candidates, count, 0.5)
  if (seeds.length === 0) return []
  const clusters = seeds.map((seed) => [seed])
  for (const c of candidates) {
    if (seeds.includes(c)) continue
    let best = 0
    let bestSim = -Infinity
    seeds.forEach((seed, i) => {
      const sim = similarity(c, seed, dense)
      if (sim > bestSim) [best, bestSim] = [i, sim]
    })
    clusters[best].push(c)
  }
  const rel = relevance(candidates, dense)
  return clusters
    .map((members) => members.sort((a, b) => rel.get(b.position)! - rel.get(a.position)! || a.position - b.position))
    .sort((a, b) => Math.min(...a.map((m) => m.position)) - Math.min(...b.map((m) => m.position)))
}
