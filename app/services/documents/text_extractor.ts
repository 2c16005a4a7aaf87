import { UploadFileError } from '#exceptions/documents_errors'

export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'md'
export type Extracted = { text: string; pageCount: number }

const unreadable = (message: string) => new UploadFileError(message, 'readable')

/** Markdown to plain text: drops syntax, keeps words (headings become paragraphs). */
export function markdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*\n?/g, ''))
    .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm, '\n$1.\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+[.)]\s+/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, '\n')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(\*|_)(\S.*?\S|\S)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\.\.\n/g, '.\n')
}

function decodeUtf8(buffer: Buffer): string {
  if (buffer.includes(0)) throw unreadable('This file is not a readable text file.')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\ufeff/, '')
  } catch {
    // Not UTF-8: treat as Latin-1 (common for old .txt files).
    return buffer.toString('latin1')
  }
}

/**
 * Extracts text with well-kept libraries: unpdf (PDF.js) for PDF, mammoth for DOCX, plain
 * decoding for txt/md. Checks the bytes, not only the name: a "pdf" that is not a PDF is 400.
 */
export async function extractText(kind: DocumentKind, buffer: Buffer): Promise<Extracted> {
  if (kind === 'pdf') {
    if (buffer.subarray(0, 1024).indexOf('%PDF-') < 0) throw unreadable('This file is not a readable PDF.')
    try {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf')
      const pdf = await getDocumentProxy(new Uint8Array(buffer))
      const { totalPages, text } = await pdfText(pdf, { mergePages: false })
      await Promise.resolve((pdf as unknown as { destroy?: () => Promise<void> }).destroy?.()).catch(() => {})
      return { text: text.join('\n\n'), pageCount: totalPages }
    } catch (error) {
      if (error instanceof UploadFileError) throw error
      throw unreadable('This PDF could not be read (it may be damaged or password-protected).')
    }
  }
  if (kind === 'docx') {
    if (buffer.subarray(0, 4).toString('binary') !== 'PK\u0003\u0004') throw unreadable('This file is not a readable Word document.')
    try {
      const mammoth = await import('mammoth')
      const result = await (mammoth.default ?? mammoth).extractRawText({ buffer })
      return { text: result.value, pageCount: 0 }
    } catch {
      throw unreadable('This Word document could not be read.')
    }
  }
  const decoded = decodeUtf8(buffer)
  return { text: kind === 'md' ? markdownToText(decoded) : decoded, pageCount: 0 }
}
