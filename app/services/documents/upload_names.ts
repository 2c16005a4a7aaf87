import type { DocumentKind } from '#services/documents/text_extractor'
import { cutAtCharacter } from '#shared/text'

const MAX_NAME = 255

/**
 * Characters a client's file name may hold that no name should (docs/rules/documents.md#upload):
 * C0, DEL and C1 controls (NUL also fails PostgreSQL's text type) and the bidi embeddings,
 * overrides and isolates that make a listing show "txt.exe" as "exe.txt".
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Trims spaces and dots at both ends (no regular expression: names can be long). */
function trimDotsAndSpaces(text: string) {
  const trimmed = (c: string) => c === '.' || c.trim() === ''
  let start = 0
  let end = text.length
  while (start < end && trimmed(text[start])) start++
  while (end > start && trimmed(text[end - 1])) end--
  return text.slice(start, end)
}

/**
 * The name an upload is stored and downloaded under, and the stem its default title is made of:
 * the last path segment of the client's name, without hidden characters, spaces or dots at its
 * ends, ending in the file's extension, at most 255 characters cut at a whole character. An
 * empty stem becomes "document".
 */
export function uploadFileName(clientName: string | null | undefined, kind: DocumentKind) {
  const base = (clientName ?? '').replace(HIDDEN, '').split(/[/\\]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const named = dot >= 0 && base.slice(dot + 1).toLowerCase() === kind
  const extension = named ? base.slice(dot + 1) : kind
  const stem = cutAtCharacter(trimDotsAndSpaces(named ? base.slice(0, dot) : base), MAX_NAME - extension.length - 1)
  return { fileName: `${stem || 'document'}.${extension}`, stem }
}
