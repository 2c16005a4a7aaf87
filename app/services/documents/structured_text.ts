/**
 * The stored text of a document keeps its structure (issue 25 item 3, issue 29 "reading your own
 * upload") in the small Markdown subset the document page renders
 * (inertia/components/catalog/text_blocks.ts). Blocks are separated by a blank line:
 * - a heading is one line `# Title`, `## Title` or `### Title`;
 * - a list is one line per item, `- item` or `1. item`, a nested item indented two spaces per
 *   level below the item it belongs to (`  - sub-item`);
 * - a table is one line per row, `| a | b |`, with `| --- | --- |` after its header row;
 * - anything else is a paragraph on one line.
 * Extractors (PDF layout, DOCX styles, Markdown) write this form; `normalizeStructured` cleans it.
 * Everything here is line by line and linear in the text's length (issue 23 item 3).
 */
import { normalizeText } from '#services/ai/nlp'
import { joinLineEndHyphens } from '#services/ai/line_hyphens'

export type LineKind = 'heading' | 'item' | 'row' | 'separator' | 'text'
/** A sentence-sized piece of a block, without its markers; `text` is a verbatim substring of the block. */
export type Unit = { text: string; kind: 'heading' | 'item' | 'row' | 'text' }

const HEADING = /^(#{1,6}) +(\S.*)$/
/** An item that ends a sentence or a bracket: a line below it starts something new. */
const FINISHED = /[.!?:;…"”’)\]]$/
const LIST_ITEM = /^(?:[-*+•]|\d{1,3}[.)]) +(\S.*)$/
/** A list marker that, below an unfinished line, is the wrapped line's first word. */
const WRAPPED_MARKER = /^(?:- \p{Ll}|(?!1[.)])\d{1,3}[.)] )/u
const TABLE_SEPARATOR = /^\|(?: *:?-{2,}:? *\|)+$/

export function lineKind(line: string): LineKind {
  const c = line.charCodeAt(0)
  if (c === 35 /* # */ && HEADING.test(line)) return 'heading'
  if (c === 124 /* | */ && line.length > 1 && line.endsWith('|'))
    return TABLE_SEPARATOR.test(line) ? 'separator' : 'row'
  if (LIST_ITEM.test(line)) return 'item'
  return 'text'
}

/** `{ level, text }` of a `# Title` line, else null. */
export function headingOf(line: string): { level: number; text: string } | null {
  const m = line.charCodeAt(0) === 35 ? HEADING.exec(line.trim()) : null
  return m ? { level: m[1].length, text: m[2].trim() } : null
}

/** Whether a block (text between blank lines) is written in the structured form: a heading, a list or a table. */
export function isStructuredBlock(block: string): boolean {
  const lines = block.trim().split('\n')
  const first = lineKind(lines[0].trim())
  if (first === 'heading') return lines.length === 1
  if (first === 'item') return lines.every((l) => lineKind(l.trim()) === 'item')
  if (first === 'row' || first === 'separator')
    return lines.every((l) => ['row', 'separator'].includes(lineKind(l.trim())))
  return false
}

/** Inner text of a table row: "| a | b |" → "a | b" (a substring of the row). */
function rowText(line: string) {
  return line.slice(1, -1).trim()
}

/**
 * The units of a block: its heading, each item's sentences, each row; or, for a paragraph, its
 * sentences (`split`). Markers never reach a unit, and a unit is a verbatim substring of the block.
 */
export function blockUnits(block: string, split: (text: string) => string[]): Unit[] {
  if (!isStructuredBlock(block)) return split(block).map((text) => ({ text, kind: 'text' as const }))
  const out: Unit[] = []
  for (const raw of block.trim().split('\n')) {
    const line = raw.trim()
    const kind = lineKind(line)
    if (kind === 'heading') out.push({ text: headingOf(line)!.text, kind: 'heading' })
    else if (kind === 'item') {
      const item = LIST_ITEM.exec(line)![1]
      // Most items are one phrase: the segmenter only runs where a sentence could end inside.
      for (const text of /[.!?…][\s"”’)\]]+\S/.test(item) ? split(item) : [item.trim()])
        out.push({ text, kind: 'item' })
    } else if (kind === 'row' && rowText(line)) out.push({ text: rowText(line), kind: 'row' })
  }
  return out
}

/** Blocks of a text: split at blank lines (a run of whitespace holding two newlines), trimmed, none empty. */
export function blocksOf(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
}

const MAX_DEPTH = 5

/** A list item at its depth (two spaces per level), from its indent relative to the items above it. */
function nested(line: string, source: string, indents: number[]): string {
  let indent = 0
  while (indent < source.length && source.charCodeAt(indent) === 32) indent++
  while (indents.length > 1 && indent < indents[indents.length - 1]) indents.pop()
  if (!indents.length || indent > indents[indents.length - 1]) indents.push(indent)
  else indents[indents.length - 1] = indent
  return '  '.repeat(Math.min(MAX_DEPTH, indents.length - 1)) + line
}

/** Collapses spaces inside one line of a structured block. */
function cleanLine(line: string) {
  return line.replace(/\s+/g, ' ').trim()
}

/**
 * Cleans extracted text and keeps its structure: Unicode normalisation as `normalizeText`;
 * inside a block, runs of heading, list and table lines keep one line each, and the other lines
 * are joined into a paragraph (`normalizeText`, which also splits off unmarked heading lines).
 */
export function normalizeStructured(raw: string): string {
  const text = raw
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replaceAll('\u0000', '')
    .replace(/[\u00ad\u200b\ufeff]/g, '')
    // One space per tab, so an item indented by two tabs stays deeper than one indented by one.
    .replace(/[\t\f\v\u00a0]/g, ' ')
  // Heading levels in use, renumbered from 1 ("##" and "####" only → "#" and "##"), at most 3.
  const levels = [
    ...new Set(
      text
        .split('\n')
        .map((l) => headingOf(l.trim())?.level ?? 0)
        .filter(Boolean)
    ),
  ].sort((a, b) => a - b)
  const marker = (level: number) => '#'.repeat(Math.min(3, levels.indexOf(level) + 1))
  const out: string[] = []
  for (const block of blocksOf(text)) {
    let run: string[] = []
    let runKind: 'list' | 'table' | 'text' | null = null
    // Indents of the open list levels: an item indented past the item above is nested under it.
    let indents: number[] = []
    // The open list item's wrapped lines, joined to it when it closes (joining them one by one
    // re-read the growing item for each line: quadratic).
    let wrapped: string[] = []
    const closeItem = () => {
      if (!wrapped.length) return
      // A word broken at the item's line end is joined as in a paragraph ("McGraw-" / "Hill").
      run[run.length - 1] = joinLineEndHyphens([run[run.length - 1], ...wrapped].join('\n')).replaceAll('\n', ' ')
      wrapped = []
    }
    const flush = () => {
      closeItem()
      indents = []
      if (!run.length) return
      if (runKind === 'text') {
        const plain = normalizeText(run.join('\n'))
        if (plain) out.push(plain)
      } else out.push(run.join('\n'))
      run = []
      runKind = null
    }
    for (const source of block.split('\n')) {
      const line = cleanLine(source)
      if (!line) continue
      const kind = lineKind(line)
      if (kind === 'heading') {
        flush()
        const { level, text: title } = headingOf(line)!
        out.push(`${marker(level)} ${title}`)
        continue
      }
      const group = kind === 'item' ? 'list' : kind === 'row' || kind === 'separator' ? 'table' : 'text'
      // A wrapped line of a list item (no marker) belongs to that item: an indented one, or one
      // going on from an unfinished item (a PDF's lines come unindented; Markdown's lazy lines).
      const itemEnd = wrapped.length ? wrapped[wrapped.length - 1] : run[run.length - 1]
      if (group === 'text' && runKind === 'list' && (source.startsWith(' ') || !FINISHED.test(itemEnd))) {
        wrapped.push(line)
        continue
      }
      closeItem()
      // "… not to be interested in any triggers any more\n- they are updated when …": a dash
      // opening a wrapped line of an unfinished sentence is punctuation, not a list; so is a number
      // other than 1 ("… exits with status\n0. When …", a man page), which CommonMark lets no list
      // open inside a paragraph with.
      const previous = runKind === 'text' ? run[run.length - 1].trim() : ''
      if (group === 'list' && previous.length >= 50 && !FINISHED.test(previous) && WRAPPED_MARKER.test(line)) {
        run.push(source)
        continue
      }
      if (group !== runKind) flush()
      runKind = group
      run.push(group === 'text' ? source : group === 'list' ? nested(line, source, indents) : line)
    }
    flush()
  }
  return out.join('\n\n')
}
