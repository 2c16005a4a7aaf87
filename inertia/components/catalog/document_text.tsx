import { textBlocks, type ListBlock, type TextBlock } from '~/components/catalog/text_blocks'

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
 * (a cited passage inside a result) sets headings as bold lines, not page headings.
 */
export function DocumentText({ text, compact = false }: { text: string; compact?: boolean }) {
  return (
    <div className="break-words">
      {textBlocks(text).map((block, i) => (
        <Block key={i} block={block} compact={compact} />
      ))}
    </div>
  )
}
