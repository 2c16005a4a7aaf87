/**
 * Word → the stored structured text (structured_text.ts). mammoth maps Word's paragraph styles
 * to HTML (Heading 1–6 → h1–h6, Title → h1, numbered and bulleted paragraphs → ol/ul > li,
 * tables → table/tr/td); this reads that small, well-formed HTML back into headings, lists,
 * tables and one-line paragraphs. One pass over the HTML; images are never decoded.
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
    if (/^h[1-6]$/.test(name)) {
      if (!closing) {
        if (!table && !lists.length) endText()
        headingLevel = /class="title"/.test(tag) ? 1 : Number(name[1]) + 1
      } else {
        const t = endText()
        if (t && table && tableRow) tableRow.push(t)
        else if (t && lists.length) items.push(`- ${t}`)
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
          else if (lists.length) items.push(`- ${t}`)
          else blocks.push(t)
        } else if (!table && !lists.length) endText()
        break
      case 'ul':
      case 'ol':
        if (!closing) {
          if (!lists.length) endText()
          lists.push({ ordered: name === 'ol', count: 0 })
        } else {
          lists.pop()
          if (!lists.length) flushList()
        }
        break
      case 'li':
        if (!closing) {
          // Text of a parent item before its nested list.
          const t = endText()
          if (t) items.push(`- ${t}`)
          if (lists.length) lists[lists.length - 1].count++
        } else {
          const t = endText()
          if (t) {
            const list = lists[lists.length - 1]
            items.push(list?.ordered ? `${list.count}. ${t}` : `- ${t}`)
          }
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
