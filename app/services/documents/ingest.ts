import { UploadFileError } from '#exceptions/documents_errors'
import { extractText, type DocumentKind } from '#services/documents/text_extractor'
import { chunkText } from '#services/documents/chunker'
import { cutAtSentence, extractKeywords, normalizeText, splitSentences } from '#services/ai/nlp'

const badFile = (message: string, rule = 'file') => new UploadFileError(message, rule)

export type IngestedText = { text: string; chunks: string[]; pageCount: number; description: string | null; tags: string[] }

/** Extraction → normalisation → ordered chunks (dense vectors come later: embedding_queue.ts). */
export async function ingestBuffer(kind: DocumentKind, buffer: Buffer): Promise<IngestedText> {
  const extracted = await extractText(kind, buffer)
  const text = normalizeText(extracted.text)
  if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 3) throw badFile('This file has no readable text.', 'empty')
  const chunks = chunkText(text)
  const sentences = splitSentences(text.slice(0, 20000))
  const description = sentences.length ? cutAtSentence(sentences.slice(0, 2).join(' '), 300) : null
  const tags = extractKeywords(sentences.slice(0, 200), 6)
    .filter((k) => k.kind !== 'number')
    .map((k) => k.phrase.toLowerCase())
    .slice(0, 5)
  const pageCount = extracted.pageCount || Math.max(1, Math.ceil(text.length / 3000))
  return { text, chunks, pageCount, description, tags }
}

