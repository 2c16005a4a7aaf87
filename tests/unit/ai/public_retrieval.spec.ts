import { test } from '@japa/runner'
import net from 'node:net'
import { UseLiteEncoder } from '#services/ai/embeddings/sentence_encoder'
import { withVectors } from '#services/ai/embeddings/passage_vectors'
import { rankPassages, readOut } from '#services/ai/retrieval'
import { LocalEngine } from '#services/ai/local_engine'
import { articlePassages, containsGold, sampleQuestions } from '../../../bench/support/squad.ts'
import { legacyPrepare, legacyQa } from '../../../bench/support/legacy_qa/index.ts'

const encoder = new UseLiteEncoder()

test.group('Public data and the sentence encoder (issue 25)', () => {
  test('the sentence encoder loads from its npm package, with no network', async ({ assert, cleanup }) => {
    const attempts: string[] = []
    const connect = net.Socket.prototype.connect
    const fetch = globalThis.fetch
    net.Socket.prototype.connect = function (this: net.Socket, ...args: any[]) {
      const options = typeof args[0] === 'object' ? args[0] : { port: args[0], host: args[1] }
      // Any TCP connection counts (a unix socket path does not): the model must come from disk.
      if (options.path === undefined) attempts.push(String(options.host))
      return connect.apply(this, args as any)
    } as any
    globalThis.fetch = (async (input: any) => {
      attempts.push(String(input))
      throw new Error('no network in this test')
    }) as typeof fetch
    cleanup(() => {
      net.Socket.prototype.connect = connect
      globalThis.fetch = fetch
    })
    const [a, b, c] = await encoder.embed([
      'The Calvin cycle takes place in the stroma.',
      'Which part of the chloroplast hosts the Calvin cycle?',
      'The Senate was the most powerful assembly.',
    ])
    assert.lengthOf(a, 512)
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i], 0)
    assert.isAbove(dot(a, b), dot(c, b))
    assert.deepEqual(attempts, [])
  }).timeout(60_000)

  test('on a held-out SQuAD 2.0 article the engine beats the engine before issue 25', async ({ assert }) => {
    const passages = await withVectors(articlePassages('Black_Death'), encoder)
    const legacy = legacyPrepare(passages)
    const engine = new LocalEngine()
    const score = { now: { hit: 0, refused: 0, first: 0 }, before: { hit: 0, refused: 0, first: 0 } }
    const questions = sampleQuestions('Black_Death', Infinity).filter((q) => !q.impossible)
    for (const q of questions) {
      const [vector] = await encoder.embed([q.question])
      const retrieval = rankPassages(passages, q.question, vector)
      const readout = readOut(retrieval, 60000)
      const now = await engine.answer(readout, { query: q.question, retrieval })
      const before = legacyQa(legacy, q.question)
      for (const [key, r, first] of [
        ['now', now, readout[0]?.text],
        ['before', before, before.sources[0]],
      ] as const) {
        if (!r.found) score[key].refused++
        else if (r.answer.length <= 300 && containsGold(r.answer, q.answers)) score[key].hit++
        if (first && containsGold(first, q.answers)) score[key].first++
      }
    }
    assert.isAtLeast(score.now.hit, score.before.hit + questions.length * 0.1, JSON.stringify(score))
    assert.isAtMost(score.now.refused, score.before.refused - questions.length * 0.1, JSON.stringify(score))
    assert.isAtLeast(score.now.first, score.before.first, JSON.stringify(score))
  }).timeout(180_000)
})
