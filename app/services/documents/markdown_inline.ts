/**
 * Inline Markdown of one line to the words a reader sees (markdown_structure.ts), in linear time
 * like markdown_text.ts. On real READMEs (issue 25 item 3, docs/decisions/ai.md "Real documents"):
 * - code spans keep what they hold: `zlib.constants.Z_DEFAULT_COMPRESSION` is not emphasis;
 * - an underscore inside a word (`DEB_GAIN_ROOT_CMD`, `dh_builddeb`) is part of the word;
 * - a picture is not text: badges (`[![Build Status](…)](…)`) leave nothing behind;
 * - links keep their label, inline (`[a](url)`) or by reference (`[a][id]`, `[a][]`, and `[a]`
 *   when the document defines `[a]: url`);
 * - an autolink (`<https://…>`, `<tsc@iojs.org>`) is its address, and `Promise<void>` in a code
 *   span keeps its `<void>` (other `<…>` are HTML tags and go);
 * - an entity or character reference is its character (`&lt;tj@vision-media.ca&gt;`, `&copy;`,
 *   `&nbsp;`, `&#128170;`), once tags are gone and outside code spans, as CommonMark reads them.
 */
import { decodeEntity } from 'html-entities'
import { Finder } from '#services/documents/text_scan'
import { inlineSyntax } from '#services/documents/markdown_text'

/** Characters a code span or a word may hold that inline syntax would read as markup. */
const PROTECTED: Record<string, string> = {
  '_': '\uE000',
  '*': '\uE001',
  '[': '\uE002',
  ']': '\uE003',
  '<': '\uE004',
  '>': '\uE005',
  '&': '\uE006',
}
/** `<https://…>`, `<mailto:…>`, `<name@host.org>`: what is inside the brackets is the text. */
const AUTOLINK = /<((?:https?|ftp|mailto):[^\s<>]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/g
const RESTORE = new Map(Object.entries(PROTECTED).map(([k, v]) => [v, k]))
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)

/** Code spans' markup characters, and underscores between two word characters, hidden from the syntax passes. */
function protect(line: string): string {
  let out = ''
  let inCode = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (c === '`') inCode = !inCode
    const hide = inCode ? c in PROTECTED : c === '_' && isWordChar(line[i - 1]) && isWordChar(line[i + 1])
    out += hide ? PROTECTED[c] : c
  }
  // An unclosed backtick protected the rest of the line: undo from it on.
  if (inCode) {
    const open = line.lastIndexOf('`')
    return out.slice(0, open) + line.slice(open)
  }
  return out
}

/**
 * `![alt](url)`, `![alt][ref]` → '' (images), then `[label](url)`, `[label][ref]`, `[label][]` →
 * 'label' and an empty `[](url)` (a badge's link once its picture is gone) → ''.
 */
function links(s: string, images: boolean): string {
  const opener = images ? '![' : '['
  const closeBracket = new Finder(s, ']')
  const closeParen = new Finder(s, ')')
  // Its own finder: a reference's `]` is looked for after the label's, and each only moves forward.
  const closeReference = new Finder(s, ']')
  const out: string[] = []
  let last = 0
  let i = s.indexOf(opener)
  while (i >= 0) {
    const labelStart = i + opener.length
    const j = closeBracket.next(labelStart)
    if (j < 0) break
    const target = s[j + 1]
    const end = target === '(' ? closeParen.next(j + 2) : target === '[' ? closeReference.next(j + 2) : -1
    // A reference's id holds no space or bracket: "[a] [b]" or "[x][y z" stay text.
    const reference = target === '[' && end >= 0 && !/[\s[]/.test(s.slice(j + 2, end))
    if (end >= 0 && (target === '(' || reference)) {
      out.push(s.slice(last, i), images ? '' : s.slice(labelStart, j))
      last = end + 1
      i = s.indexOf(opener, end + 1)
    } else {
      i = s.indexOf(opener, i + 1)
    }
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** `[label]` alone → 'label' when the document defines `[label]: url` (a shortcut reference). */
function shortcuts(s: string, defined: ReadonlySet<string>): string {
  if (defined.size === 0) return s
  const close = new Finder(s, ']')
  const out: string[] = []
  let last = 0
  for (let i = s.indexOf('['); i >= 0; i = s.indexOf('[', i + 1)) {
    const j = close.next(i + 1)
    if (j < 0) break
    if (j - i > 201 || !defined.has(s.slice(i + 1, j).toLowerCase())) continue
    out.push(s.slice(last, i), s.slice(i + 1, j))
    last = j + 1
    i = j
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** CommonMark's entity and numeric character references (the `;` is required). */
const REFERENCE = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g

/** A reference's character: HTML5's names; a code point that is none (0, a surrogate, past U+10FFFF) is U+FFFD. */
function references(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(REFERENCE, (ref) => {
    if (ref[1] !== '#') return decodeEntity(ref, { level: 'html5' })
    const n = ref[2] === 'x' || ref[2] === 'X' ? Number.parseInt(ref.slice(3, -1), 16) : Number(ref.slice(2, -1))
    return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? '\ufffd' : String.fromCodePoint(n)
  })
}

/** `defined`: the lower-cased labels of the document's link definitions (`[label]: url`). */
export function inlineMarkdown(line: string, defined: ReadonlySet<string> = new Set()): string {
  const linked = links(links(protect(line), true), false).replace(AUTOLINK, (_, address: string) =>
    protect(`\`${address}\``).slice(1, -1)
  )
  const text = references(inlineSyntax(shortcuts(linked, defined)))
  let out = ''
  for (const c of text) out += RESTORE.get(c) ?? c
  return out
}
