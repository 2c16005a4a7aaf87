import { createContext, useContext, type ReactNode } from 'react'

/** The words of the current search; cards under a provider mark them in their text. */
const HighlightContext = createContext<string[]>([])

export function searchTerms(q: string | undefined | null): string[] {
  if (!q) return []
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  // A stem-like prefix, so "trees" marks "tree" and "summaries" marks "summary" (the server stems too).
  return [
    ...new Set(
      words.slice(0, 8).map((word) => (word.length <= 4 ? word : word.slice(0, Math.max(4, word.length - 3))))
    ),
  ]
}

export function HighlightProvider({ q, children }: { q: string | undefined | null; children: ReactNode }) {
  return <HighlightContext.Provider value={searchTerms(q)}>{children}</HighlightContext.Provider>
}

/** `text` with the words that start like a search word wrapped in <mark>. */
export function Marked({ text }: { text: string | null | undefined }) {
  const terms = useContext(HighlightContext)
  if (!text) return null
  if (!terms.length) return <>{text}</>
  const parts = text.split(/([\p{L}\p{N}]+)/u)
  return (
    <>
      {parts.map((part, index) => {
        const lower = part.toLowerCase()
        return index % 2 === 1 && terms.some((term) => lower.startsWith(term)) ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part}
          </mark>
        ) : (
          part
        )
      })}
    </>
  )
}
