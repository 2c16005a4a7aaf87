import { useMemo, useState } from 'react'
import { firstBlocks, textBlocks, type ListBlock, type TextBlock } from '~/components/catalog/text_blocks'

/** A list, with the lists nested under its items inside them. */
function List({ list, nested = false }: { list: ListBlock; nested?: boolean }) {
  const Tag = list.ordered ? 'ol' : 'ul'
  const marker = list.ordered ? 'list-decimal' : nested ? 'list-[circle]' : 'list-disc'
  return (
    <Tag
      className={nested ? `mt-1 space-y-1 pl-6 ${marker}` : `mb-4 space-y-1 pl-6 leading-7 text-slate-800 ${marker}`}
    >
      {list.items.map((item, i) => (
        <li key={i}>
          {item}
          {list.sublists?.[i] ? <List list={list.sublists[i]} nested /> : null}
        </li>
      ))}
    </Tag>
  )
}

function Block({ block, compact }: { block: TextBlock; compact: boolean }) {
  switch (block.kind) {
    case 'heading': {
      if (compact) return <p className="mb-2 font-semibold text-slate-900">{block.text}</p>
      const Tag = `h${block.level}` as 'h2' | 'h3' | 'h4'
      const size = block.level === 2 ? 'text-2xl' : block.level === 3 ? 'text-xl' : 'text-lg'
      return <Tag className={`mb-3 mt-8 font-semibold text-slate-900 first:mt-0 ${size}`}>{block.text}</Tag>
    }
    case 'list':
      return <List list={block} />
    case 'table':
      return (
        <div className="mb-4 overflow-x-auto">
          <table className="min-w-full border-collapse text-left text-sm">
            {block.header ? (
              <thead>
                <tr>
                  {block.header.map((cell, i) => (
                    <th key={i} scope="col" className="border border-slate-200 bg-slate-50 px-3 py-2 font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className="border border-slate-200 px-3 py-2 align-top">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    default:
      return <p className="mb-4 leading-7 text-slate-800">{block.text}</p>
  }
}

/**
 * The extracted text of a document with its headings, paragraphs, lists and tables. `compact`
 * (a cited passage inside a result) sets headings as bold lines, not page headings. A very long
 * text shows its first `RENDER_BUDGET` elements (server and first client render alike) and a
 * button for the rest.
 */
export function DocumentText({ text, compact = false }: { text: string; compact?: boolean }) {
  const [all, setAll] = useState(false)
  const blocks = useMemo(() => textBlocks(text), [text])
  const { shown, hidden } = useMemo(() => (all ? { shown: blocks, hidden: 0 } : firstBlocks(blocks)), [all, blocks])
  return (
    <div className="break-words">
      {shown.map((block, i) => (
        <Block key={i} block={block} compact={compact} />
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="mt-2 rounded border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
          data-testid="document-text-more"
        >
          {`Show the rest of the text (${hidden.toLocaleString('en-US')} more parts)`}
        </button>
      ) : null}
    </div>
  )
}
