/**
 * The refusal model of Q&A (issue 25): which evidence it weighs (answer_evidence.ts and
 * answer_finder.ts compute it) and the weights and threshold fitted on the DEV articles.
 */
/** The evidence the refusal model weighs (answer_evidence.ts and chooseAnswer in answer_finder.ts). */
export const EVIDENCE_KEYS = [
  'coverage',
  'own',
  'unseen',
  'typed',
  'lexical',
  'cosine',
  'maxMissing',
  'negation',
  'missingName',
  'opposite',
  'sentenceNegated',
  'novelty',
  'designatorMismatch',
  'margin',
  'lexicalTop',
  'cosineTop',
  'groups',
  'numberConflict',
  'slotSwap',
  'slotSwapName',
  'letterMismatch',
  'negatedClaim',
  'nameMashup',
] as const
export type RefusalModel = { bias: number; threshold: number } & Record<(typeof EVIDENCE_KEYS)[number], number>

/**
 * The refusal model (issue 25): a logistic score of the evidence for the best sentence, fitted
 * on the DEV articles of the SQuAD 2.0 benchmark only (bench/ai_calibrate.ts prints these
 * constants), with the threshold chosen there: the most unanswerable questions refused while at
 * most 10 % of answerable ones are (5 points of room under the 15 % goal), counting what the
 * engine does: the rules of `answers` (answer_finder.ts) refuse and definitions answer whatever
 * the model says. The trade-off curve is in docs/decisions/ai.md. `dense` when the scope has
 * vectors, `lexical` while it has none.
 */
export const REFUSAL: { dense: RefusalModel; lexical: RefusalModel } = {
  dense: {
    bias: -3.23,
    coverage: 0.12,
    own: 0.93,
    unseen: 0.8,
    typed: 0.53,
    lexical: 0.33,
    cosine: 1.98,
    maxMissing: -0.1,
    negation: -2.08,
    missingName: -0.26,
    opposite: -1.84,
    sentenceNegated: -0.12,
    novelty: -0.53,
    designatorMismatch: -0.31,
    margin: -0.02,
    lexicalTop: -0.12,
    cosineTop: 0.18,
    groups: 1.91,
    numberConflict: -0.54,
    slotSwap: 0.12,
    slotSwapName: -0.68,
    letterMismatch: -0.8,
    negatedClaim: -1.36,
    nameMashup: -1.82,
    threshold: 0.29,
  },
  lexical: {
    bias: -1.86,
    coverage: 0.09,
    own: 0.94,
    unseen: 0.81,
    typed: 0.3,
    lexical: 0.56,
    cosine: 0,
    maxMissing: 0.06,
    negation: -2,
    missingName: -0.37,
    opposite: -1.99,
    sentenceNegated: -0.26,
    novelty: -1.1,
    designatorMismatch: -0.17,
    margin: -0.01,
    lexicalTop: 0.02,
    cosineTop: 0,
    groups: 2.22,
    numberConflict: -0.38,
    slotSwap: 0.25,
    slotSwapName: -0.72,
    letterMismatch: -0.68,
    negatedClaim: -1.03,
    nameMashup: -1.77,
    threshold: 0.3,
  },
}
