/**
 * Word → the stored structured text (structured_text.ts). mammoth maps Word's paragraph styles
 * to HTML (Heading 1–6 → h1–h6, Title → h1, numbered and bulleted paragraphs → ol/ul > li,
 * tables → table/tr/td, a paragraph's list level `w:ilvl` → a list nested in the item above); this
 * reads that small, well-formed HTML back into headings, lists (nested items indented two spaces
 * per level), tables and one-line paragraphs. One pass over the HTML; images are never decoded.
 */
// Title sits above Heading 1: it is written one level up (`normalizeStructured` renumbers levels).
const STYLE_MAP = ["p[style-name='Title'] => h1.title:fresh", 'p.Title => h1.title:fresh']

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decode(text: string) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, code: string) => {
    if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole
    const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole
  })
}

const MAX_DEPTH = 5

const clean = (text: string) => decode(text).replace(/\s+/g, ' ').trim()

/** mammoth's HTML → structured text. */
export function htmlToStructured(html: string): string {
  const blocks: string[] = []
  const lists: { ordered: boolean; count: number }[] = []
  let items: string[] = []
  let table: string[][] | null = null
  let tableRow: string[] | null = null
  let text = ''
  let headingLevel = 0

  const endText = () => {
    const t = clean(text)
    text = ''
    return t
  }
  const flushList = () => {
    if (items.length) blocks.push(items.join('\n'))
    items = []
  }
  // A list item at the depth of the list it is in (Word's `w:ilvl`, which mammoth nests as lists),
  // two spaces per level, as Markdown nests them.
  const item = (t: string) => {
    const list = lists[lists.length - 1]
    const indent = '  '.repeat(Math.min(MAX_DEPTH, Math.max(0, lists.length - 1)))
    return `${indent}${list?.ordered ? `${list.count}.` : '-'} ${t}`
  }

  for (let i = 0; i < html.length;) {
    if (html[i] !== '<') {
      const next = html.indexOf('<', i)
      const end = next < 0 ? html.length : next
      text += html.slice(i, end)
      i = end
      continue
    }
    const close = html.indexOf('>', i)
    if (close < 0) break
    const tag = html.slice(i + 1, close)
    i = close + 1
    const closing = tag.startsWith('/')
    const name = (closing ? tag.slice(1) : tag).split(/[\s/]/)[0].toLowerCase()
    if (name === 'br') {
      text += ' '
      continue
    }
    // mammoth's way back from a footnote or endnote to its mark ("↑"): not the author's words.
    if (name === 'a' && !closing && /href="#(?:footnote|endnote|comment)-ref-/.test(tag)) {
      const end = html.indexOf('</a>', i)
      if (end >= 0) i = end + 4
      continue
    }
    if (/^h[1-6]$/.test(name)) {
      if (!closing) {
        if (!table && !lists.length) endText()
        headingLevel = /class="title"/.test(tag) ? 1 : Number(name[1]) + 1
      } else {
        const t = endText()
        if (t && table && tableRow) tableRow.push(t)
        else if (t && lists.length) items.push(item(t))
        else if (t) blocks.push(`${'#'.repeat(Math.min(6, headingLevel))} ${t}`)
        headingLevel = 0
      }
      continue
    }
    switch (name) {
      case 'p':
        if (closing) {
          const t = endText()
          if (!t) break
          if (table && tableRow) text = `${t} `
          else if (lists.length) items.push(item(t))
          else blocks.push(t)
        } else if (!table && !lists.length) endText()
        break
      case 'ul':
      case 'ol':
        if (!closing) {
          // A nested list: its parent item's text comes first.
          const t = endText()
          if (t && lists.length) items.push(item(t))
          lists.push({ ordered: name === 'ol', count: 0 })
        } else {
          lists.pop()
          if (!lists.length) flushList()
        }
        break
      case 'li':
        if (!closing) {
          // Text left over from the item before (after its nested list).
          const t = endText()
          if (t) items.push(item(t))
          if (lists.length) lists[lists.length - 1].count++
        } else {
          const t = endText()
          if (t) items.push(item(t))
        }
        break
      case 'table':
        if (!closing) {
          endText()
          table = []
        } else if (table) {
          const rows = table.filter((r) => r.some(Boolean))
          if (rows.length) {
            const width = Math.max(...rows.map((r) => r.length))
            const line = (r: string[]) =>
              `| ${Array.from({ length: width }, (_, k) => (r[k] ?? '').replaceAll('|', '\\|')).join(' | ')} |`
            blocks.push([line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n'))
          }
          table = null
        }
        break
      case 'tr':
        if (!closing && table) tableRow = []
        else if (closing && table && tableRow) {
          table.push(tableRow)
          tableRow = null
        }
        break
      case 'td':
      case 'th':
        if (!closing) endText()
        else if (tableRow) tableRow.push(endText())
        break
      default:
        break
    }
  }
  const rest = endText()
  if (rest) blocks.push(rest)
  flushList()
  return blocks.join('\n\n')
}

/** A Word document's text with its structure (mammoth with its default style map, plus Title). */
export async function docxToStructured(buffer: Buffer): Promise<string> {
  const mammoth = await import('mammoth')
  const api = (mammoth.default ?? mammoth) as typeof import('mammoth')
  const result = await api.convertToHtml(
    { buffer },
    {
      styleMap: STYLE_MAP,
      // Never decode or inline an image (a data URI could be megabytes of base64).
      convertImage: api.images.imgElement(async () => ({ src: '' })),
    }
  )
  return htmlToStructured(result.value)
}
