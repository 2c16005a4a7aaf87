/**
 * Markdown to plain text in linear time (issue 23 item 3). Each pass below is a scanner that
 * returns what one regular expression of the former chain returned (the regex is quoted above
 * each pass; tests/unit/documents/linear_text.spec.ts checks they agree on ordinary text), without
 * the backtracking that made a 2 KB heading line take seconds. Scanners never look at a
 * character twice for long: searches go through `Finder`s whose positions only move forward,
 * and whitespace runs are measured once.
 */
import { Finder, TextScan, isSpace, isTerminator } from '#services/documents/text_scan'

/** Markdown to plain text: drops syntax, keeps words (headings become paragraphs). */
export function markdownToText(md: string): string {
  let text = fences(md)
  text = headings(text)
  text = links(text, true)
  text = links(text, false)
  text = blockquotes(text)
  text = bullets(text)
  text = numbered(text)
  text = rules(text)
  text = strong(text)
  text = emphasis(text)
  text = delimited(text, '`', '`')
  text = delimited(text, '<', '>')
  return text.replaceAll('..\n', '.\n')
}

/** Emphasis, code marks and HTML tags of one line go (markdown_inline.ts handles links and code first). */
export function inlineSyntax(line: string): string {
  let text = strong(line)
  text = emphasis(text)
  text = delimited(text, '`', '`')
  return delimited(text, '<', '>')
}

/** /```[\s\S]*?```/g → the block without its fence markers (/```\w*\n?/g). */
function fences(s: string): string {
  const out: string[] = []
  let last = 0
  for (;;) {
    const open = s.indexOf('```', last)
    if (open < 0) break
    const close = s.indexOf('```', open + 3)
    if (close < 0) break
    out.push(s.slice(last, open), s.slice(open, close + 3).replace(/```\w*\n?/g, ''))
    last = close + 3
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** Applies `match` at every position where a multiline `^` holds, as String.replace with /gm. */
function atLineStarts(
  s: string,
  match: (p: number, scan: TextScan) => [end: number, replacement: string] | null
): string {
  const scan = new TextScan(s)
  const out: string[] = []
  let last = 0
  let p = 0
  while (p <= s.length) {
    const found = match(p, scan)
    if (found) {
      out.push(s.slice(last, p), found[1])
      last = found[0]
      p = found[0]
      if (p > 0 && !isTerminator(s.charCodeAt(p - 1))) p = scan.nextTerminator(p) + 1
    } else {
      p = scan.nextTerminator(p) + 1
    }
    if (p <= 0) break
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/**
 * /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm → '\n$1.\n'. Like the regex, `\s` crosses line ends (a
 * blank line before a heading is swallowed) and the trailing part ends at the last line end of
 * the whitespace that follows.
 */
function headings(s: string): string {
  return atLineStarts(s, (p, scan) => {
    const q = scan.spaceEnd(p)
    if (q - p > 3 || s[q] !== '#') return null
    let r = q
    while (r < s.length && s[r] === '#' && r - q < 7) r++
    if (r - q > 6 || r >= s.length || !isSpace(s.charCodeAt(r))) return null
    const t = scan.spaceEnd(r)
    const lineEnd = scan.nextTerminatorOrEnd(t)
    let c = lineEnd
    while (c > t && isSpace(s.charCodeAt(c - 1))) c--
    while (c > t && s[c - 1] === '#') c--
    while (c > t && isSpace(s.charCodeAt(c - 1))) c--
    return [headingEnd(s, scan, c), `\n${s.slice(t, c)}.\n`]
  })
}

/** Where /\s*#*\s*$/m, tried from `c` with backtracking, ends its match. */
function headingEnd(s: string, scan: TextScan, c: number): number {
  const a = scan.spaceEnd(c)
  if (a === s.length) return a
  if (s[a] === '#') {
    let b = a
    while (b < s.length && s[b] === '#') b++
    const d = scan.spaceEnd(b)
    if (d === s.length) return d
    const x = lastTerminator(s, b, d)
    if (x >= 0) return x
  }
  return lastTerminator(s, c, a)
}

function lastTerminator(s: string, from: number, to: number): number {
  for (let x = to - 1; x >= from; x--) if (isTerminator(s.charCodeAt(x))) return x
  return -1
}

/** /!\[([^\]]*)\]\([^)]*\)/g and /\[([^\]]+)\]\([^)]*\)/g → '$1' (images, then links). */
function links(s: string, images: boolean): string {
  const closeBracket = new Finder(s, ']')
  const closeParen = new Finder(s, ')')
  const out: string[] = []
  let last = 0
  let i = s.indexOf(images ? '![' : '[')
  while (i >= 0) {
    const labelStart = i + (images ? 2 : 1)
    const j = closeBracket.next(labelStart)
    if (j < 0) break
    const k = j >= labelStart + (images ? 0 : 1) && s[j + 1] === '(' ? closeParen.next(j + 2) : -1
    if (k >= 0) {
      out.push(s.slice(last, i), s.slice(labelStart, j))
      last = k + 1
      i = s.indexOf(images ? '![' : '[', k + 1)
    } else {
      i = s.indexOf(images ? '![' : '[', i + 1)
    }
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** /^\s{0,3}>\s?/gm → ''. */
function blockquotes(s: string): string {
  return atLineStarts(s, (p, scan) => {
    const w = scan.spaceEnd(p)
    if (w - p > 3 || s[w] !== '>') return null
    return [w + 1 < s.length && isSpace(s.charCodeAt(w + 1)) ? w + 2 : w + 1, '']
  })
}

/** /^\s*[-*+]\s+/gm → ''. */
function bullets(s: string): string {
  return atLineStarts(s, (p, scan) => {
    const w = scan.spaceEnd(p)
    const mark = s[w]
    if ((mark !== '-' && mark !== '*' && mark !== '+') || w + 1 >= s.length || !isSpace(s.charCodeAt(w + 1)))
      return null
    return [scan.spaceEnd(w + 1), '']
  })
}

/** /^\s*\d+[.)]\s+/gm → ''. */
function numbered(s: string): string {
  return atLineStarts(s, (p, scan) => {
    const w = scan.spaceEnd(p)
    const d = scan.digitEnd(w)
    if (d === w || (s[d] !== '.' && s[d] !== ')') || d + 1 >= s.length || !isSpace(s.charCodeAt(d + 1))) return null
    return [scan.spaceEnd(d + 1), '']
  })
}

/** /^\s*([-*_]\s*){3,}$/gm → '\n': three or more marks, ending at the last line end after the third. */
function rules(s: string): string {
  let cachedFrom = -1
  let cachedEnd = -1
  return atLineStarts(s, (p, scan) => {
    const w = scan.spaceEnd(p)
    if (w !== cachedFrom) {
      cachedFrom = w
      cachedEnd = -1
      let pos = w
      let marks = 0
      while (pos < s.length && (s[pos] === '-' || s[pos] === '*' || s[pos] === '_')) {
        marks++
        const runEnd = scan.spaceEnd(pos + 1)
        if (marks >= 3) {
          const x = lastTerminator(s, pos + 1, runEnd)
          if (x >= 0) cachedEnd = x
        }
        pos = runEnd
      }
      if (marks >= 3 && pos === s.length) cachedEnd = pos
      if (marks < 3) cachedEnd = -1
    }
    return cachedEnd >= 0 ? [cachedEnd, '\n'] : null
  })
}

/** /(\*\*|__)(.*?)\1/g → '$2' (`.` stops at line ends). */
function strong(s: string): string {
  const scan = new TextScan(s)
  const finders = { '**': new Finder(s, '**'), '__': new Finder(s, '__') }
  const out: string[] = []
  let last = 0
  for (let i = 0; i + 1 < s.length;) {
    const pair = s.slice(i, i + 2)
    if (pair !== '**' && pair !== '__') {
      i++
      continue
    }
    const k = finders[pair].next(i + 2)
    if (k >= 0 && scan.nextTerminatorOrEnd(i + 2) >= k) {
      out.push(s.slice(last, i), s.slice(i + 2, k))
      last = i = k + 2
    } else i++
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** /(\*|_)(\S.*?\S|\S)\1/g → '$2'. */
function emphasis(s: string): string {
  const scan = new TextScan(s)
  const closers = { '*': new Finder(s, '*', true), '_': new Finder(s, '_', true) }
  const out: string[] = []
  let last = 0
  for (let i = 0; i + 2 < s.length;) {
    const mark = s[i]
    if ((mark !== '*' && mark !== '_') || isSpace(s.charCodeAt(i + 1))) {
      i++
      continue
    }
    // The shortest `\S.*?\S` then the mark on the same line; else one character between marks.
    const k = closers[mark].next(i + 3)
    let end = -1
    if (k >= 0 && scan.nextTerminatorOrEnd(i + 1) > k) end = k
    else if (s[i + 2] === mark) end = i + 2
    if (end >= 0) {
      out.push(s.slice(last, i), s.slice(i + 1, end))
      last = i = end + 1
    } else i++
  }
  return out.length ? out.join('') + s.slice(last) : s
}

/** /`([^`]+)`/g → '$1' and /<[^>]+>/g → '' (no line limit: the classes cross line ends). */
function delimited(s: string, open: string, close: string): string {
  const closer = new Finder(s, close)
  const keep = open === '`'
  const out: string[] = []
  let last = 0
  let i = s.indexOf(open)
  while (i >= 0) {
    const k = closer.next(i + 1)
    if (k < 0) break
    if (k > i + 1) {
      out.push(s.slice(last, i), keep ? s.slice(i + 1, k) : '')
      last = k + 1
      i = s.indexOf(open, k + 1)
    } else i = s.indexOf(open, i + 1)
  }
  return out.length ? out.join('') + s.slice(last) : s
}
