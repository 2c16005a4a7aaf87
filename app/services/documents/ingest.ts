import { extractText, type DocumentKind } from '#services/documents/text_extractor'
import { DEFAULT_LIMITS, ExtractionRefusal, type ExtractionLimits } from '#services/documents/extraction_limits'
import type { ScanOptions } from '#services/documents/ocr_scan'
import { chunkText, sentenceUnits } from '#services/documents/chunker'
import { splitPlainSentences } from '#services/ai/nlp'
import { extractKeywords } from '#services/ai/keywords'
import { blockUnits, blocksOf, normalizeStructured } from '#services/documents/structured_text'
import { cutAtBoundary } from '#shared/text'

export type IngestedText = {
  text: string
  chunks: string[]
  pageCount: number
  description: string | null
  tags: string[]
}

/** At least `n` letters or digits (a scan that stops early, no copy of the text). */
function hasWordCharacters(text: string, n: number) {
  const wordChar = /[\p{L}\p{N}]/u
  let seen = 0
  for (const char of text) if (wordChar.test(char) && ++seen >= n) return true
  return false
}

/**
 * Sentences of the text's paragraphs and list items (no heading, no table row), for the description and tags; a
 * split inside a token ("…/get?os=linux") is joined back, so the description quotes the text as written.
 */
function bodySentences(text: string): string[] {
  const split = (paragraph: string) => sentenceUnits(paragraph, splitPlainSentences)
  const units = blocksOf(text).flatMap((block) => blockUnits(block, split))
  // A short unpunctuated line is a title the layout did not mark; it never opens a description.
  const body = units
    .filter((u) => u.kind === 'item' || (u.kind === 'text' && (/[.!?:;…"”’)]$/.test(u.text) || u.text.length > 80)))
    .map((u) => u.text)
  return body.length ? body : units.map((u) => u.text)
}

/**
 * Extraction → normalisation → ordered chunks (dense vectors come later: embedding_queue.ts).
 * CPU-bound: the upload path runs it in a worker thread (DocumentReader), never on the event loop.
 */
export async function ingestBuffer(
  kind: DocumentKind,
  buffer: Buffer,
  limits: ExtractionLimits = DEFAULT_LIMITS,
  scan?: ScanOptions
): Promise<IngestedText> {
  const extracted = await extractText(kind, buffer, limits, scan)
  const text = normalizeStructured(extracted.text)
  if (!hasWordCharacters(text, 3)) throw new ExtractionRefusal('This file has no readable text.', 'empty')
  const chunks = chunkText(text)
  const sentences = bodySentences(text.slice(0, 20000))
  const description = sentences.length ? cutAtBoundary(sentences.slice(0, 2).join(' '), 300) : null
  const tags = extractKeywords(sentences.slice(0, 200), 6)
    .filter((k) => k.kind !== 'number')
    .map((k) => k.phrase.toLowerCase())
    .slice(0, 5)
  const pageCount = extracted.pageCount || Math.max(1, Math.ceil(text.length / 3000))
  return { text, chunks, pageCount, description, tags }
}
