/*
| The local engine's Q&A path over text written in a test, without a database: the text chunked
| as at upload, optionally with sentence vectors, ranked and answered as the qa tool does.
*/
import { UseLiteEncoder } from '#services/ai/embeddings/sentence_encoder'
import { withVectors } from '#services/ai/embeddings/passage_vectors'
import { rankPassages, readOut } from '#services/ai/retrieval'
import { LocalEngine } from '#services/ai/local_engine'
import { chunkText } from '#services/documents/chunker'
import { normalizeText } from '#services/ai/nlp'
import type { Passage } from '#services/ai/engine'

let encoder: UseLiteEncoder | null = null
export const testEncoder = () => (encoder ??= new UseLiteEncoder())

/** One document of `text`, chunked as at upload, without vectors. */
export function passagesOf(text: string, documentId = '1', title = 'Notes'): Passage[] {
  return chunkText(normalizeText(text)).map((chunk, i) => ({
    document_id: documentId,
    document_title: title,
    chunk_index: i,
    text: chunk,
    vectors: null,
  }))
}

/** One document of text already in the stored form (headings, lists and tables as an upload keeps them), chunked. */
export function storedPassages(text: string, title = 'Notes', documentId = '1'): Passage[] {
  return chunkText(text).map((chunk, i) => ({
    document_id: documentId,
    document_title: title,
    chunk_index: i,
    text: chunk,
    vectors: null,
  }))
}

/** The passages with their sentence vectors (as once ingest's queue has run). */
export const withTestVectors = (passages: Passage[]) => withVectors(passages, testEncoder())

/** The ranking of `query` over `passages`, dense when `dense` (the passages then need vectors). */
export async function rankQuestion(passages: Passage[], query: string, dense: boolean) {
  const vector = dense ? (await testEncoder().embed([query]))[0] : null
  return rankPassages(passages, query, vector)
}

/** The qa tool's answer of the local engine. */
export async function askLocal(passages: Passage[], query: string, dense = true) {
  const retrieval = await rankQuestion(passages, query, dense)
  return new LocalEngine().answer(readOut(retrieval, 60000), { query, retrieval })
}
