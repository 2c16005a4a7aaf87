/**
 * Small helpers for linear text scanners (issue 23 item 3): JavaScript's `\s` and line
 * terminators as char-code tests, and searches that remember where they got to, so asking
 * again from a later position costs nothing until that position is passed.
 */

/** JavaScript's `\s` (WhiteSpace and LineTerminator), by UTF-16 code unit. */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13)
  if (code < 0xa0) return false
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** What ends a line for `.`, `^` and `$` in a JavaScript regex. */
export function isTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029
}

/** The next occurrence of `needle` at or after a position; positions asked should only grow. */
export class Finder {
  #at = -2
  #from = -1
  constructor(
    private text: string,
    private needle: string,
    /** Only occurrences whose previous character is not whitespace. */
    private afterNonSpace = false
  ) {}

  next(from: number): number {
    if (from < this.#from) return this.#search(from)
    this.#from = from
    // None left at an earlier position means none now; an occurrence still ahead is the answer.
    if (this.#at === -1 || this.#at >= from) return this.#at
    this.#at = this.#search(from)
    return this.#at
  }

  #search(from: number): number {
    let k = this.text.indexOf(this.needle, from)
    if (this.afterNonSpace)
      while (k >= 0 && (k === 0 || isSpace(this.text.charCodeAt(k - 1)))) k = this.text.indexOf(this.needle, k + 1)
    return k
  }
}

/** Runs of whitespace and digits, and line ends, each measured once. */
export class TextScan {
  #spaceFrom = -1
  #spaceEnd = -1
  #digitFrom = -1
  #digitEnd = -1
  #terminator = -2
  #terminatorFrom = -1
  constructor(private s: string) {}

  /** The end of the run of `\s` starting at p (p itself when s[p] is not whitespace). */
  spaceEnd(p: number): number {
    if (p >= this.#spaceFrom && p <= this.#spaceEnd) return this.#spaceEnd
    let e = p
    while (e < this.s.length && isSpace(this.s.charCodeAt(e))) e++
    this.#spaceFrom = p
    this.#spaceEnd = e
    return e
  }

  /** The end of the run of ASCII digits starting at p. */
  digitEnd(p: number): number {
    if (p >= this.#digitFrom && p <= this.#digitEnd) return this.#digitEnd
    let e = p
    while (e < this.s.length && this.s.charCodeAt(e) >= 48 && this.s.charCodeAt(e) <= 57) e++
    this.#digitFrom = p
    this.#digitEnd = e
    return e
  }

  /** The first line terminator at or after p, or -1. */
  nextTerminator(p: number): number {
    if (p >= this.#terminatorFrom) {
      if (this.#terminator === -1 || this.#terminator >= p) return this.#terminator
    }
    this.#terminatorFrom = p
    let e = p
    while (e < this.s.length && !isTerminator(this.s.charCodeAt(e))) e++
    this.#terminator = e < this.s.length ? e : -1
    return this.#terminator
  }

  nextTerminatorOrEnd(p: number): number {
    const t = this.nextTerminator(p)
    return t < 0 ? this.s.length : t
  }
}
