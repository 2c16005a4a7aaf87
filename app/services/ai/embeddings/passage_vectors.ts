import type { Passage } from '#services/ai/engine'
import { splitSentences } from '#services/ai/nlp'
import type { SentenceEncoder } from '#services/ai/embeddings/sentence_encoder'
import { chunkBlobVectors, embeddingUnits } from '#services/ai/embeddings/vector_blob'

/** Passages with their [chunk, ...sentences] vectors computed now (bench and tests). */
export async function withVectors(passages: Passage[], encoder: SentenceEncoder): Promise<Passage[]> {
  const units = passages.map((p) => embeddingUnits(p.text, splitSentences))
  const vectors = await encoder.embed(units.flat())
  let at = 0
  return passages.map((p, i) => {
    const own = vectors.slice(at, at + units[i].length)
    at += units[i].length
    return { ...p, vectors: chunkBlobVectors(own) }
  })
}
