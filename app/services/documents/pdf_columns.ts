import type { PageLine } from '#services/documents/pdf_layout'

/** Lines of one size whose starts lie this many font sizes apart or less share a column. */
const COLUMN_SPREAD = 4
/** A narrow average width of a character, in font sizes: an estimate that errs toward "not wrapped". */
const CHARACTER_WIDTH = 0.4
/** Lines ending this many font sizes or less before a column's edge fill it. */
const FILLED = 1.5

/**
 * Where the column of each line of a page ends (PDF units): lines of one size are grouped by where
 * they start (an indented first line stays with its paragraph; another column starts far off), and a
 * group ends at the 90th percentile of its lines' right edges. Groups of fewer than three lines,
 * and lines whose right edge is unknown, get Infinity (never counted as wrapped). O(n log n).
 */
export function columnEnds(lines: PageLine[]): Map<PageLine, number> {
  const ends = new Map<PageLine, number>()
  const bySize = new Map<number, PageLine[]>()
  for (const line of lines) {
    if (line.x === undefined || line.right === undefined) continue
    const size = Math.round(line.size * 2) / 2
    const group = bySize.get(size)
    if (group) group.push(line)
    else bySize.set(size, [line])
  }
  for (const [size, group] of bySize) {
    group.sort((a, b) => a.x! - b.x!)
    let start = 0
    for (let i = 1; i <= group.length; i++) {
      if (i < group.length && group[i].x! - group[i - 1].x! <= Math.max(size, 1) * COLUMN_SPREAD) continue
      const column = group.slice(start, i)
      const rights = column.map((l) => l.right!).sort((a, b) => a - b)
      const edge = rights[Math.floor((rights.length - 1) * 0.9)]
      // A column's edge is where several lines end; short lines of different lengths (a slide's
      // points) show none, and the longest of them was taken for full.
      const filled = rights.filter((r) => r >= edge - size * FILLED).length >= 3
      const end = filled ? edge : Infinity
      for (const line of column) ends.set(line, end)
      start = i
    }
  }
  return ends
}

/**
 * Whether `line` was broken only because the column was full: the first word of `next`, after a
 * space, would not have fitted before the column's end.
 */
export function wrapsInto(line: PageLine, next: PageLine, end: number | undefined): boolean {
  if (line.right === undefined || end === undefined || !Number.isFinite(end)) return false
  const word = /^\S+/.exec(next.text)?.[0].length ?? 0
  return line.right + (1 + word) * line.size * CHARACTER_WIDTH > end
}

/** The median gap between consecutive body lines of a page (their line spacing). */
export function lineSpacing(lines: PageLine[], body: number): number {
  const gaps: number[] = []
  for (let i = 1; i < lines.length; i++) {
    const gap = lines[i - 1].y - lines[i].y
    if (gap > 0 && Math.abs(lines[i].size - body) <= body * 0.1) gaps.push(gap)
  }
  gaps.sort((a, b) => a - b)
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : body * 1.2
}

/** Whether `line` ends at its column's edge (within half a font size): a full line, not a paragraph's last. */
export function reachesEdge(line: PageLine, end: number | undefined): boolean {
  if (line.right === undefined || end === undefined || !Number.isFinite(end)) return false
  return line.right >= end - line.size * 0.5
}
