import { Citations } from '~/components/ai/citations'
import type { QaAnswerJson } from '#shared/api/ai'
import type { SourceDocs } from '~/lib/passage_link'

/** A Q&A answer with its sources, or "not found in your documents" (docs/rules/ai.md#tools: no credit used). */
export function QaResult({
  answer,
  titles,
  docs,
}: {
  answer: QaAnswerJson
  titles: Record<string, string>
  docs?: SourceDocs
}) {
  if (answer.found === false) {
    return (
      <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="qa-not-found">
        {/* The server's sentence already says "not found"; a fixed heading above it said it twice (issue 29). */}
        <p className="font-semibold text-amber-900">{answer.answer || 'Not found in your documents.'}</p>
        <p className="mt-1 text-slate-600">Try other words, or add a document that covers it. No credit was used.</p>
      </div>
    )
  }
  return (
    <div data-testid="qa-result">
      <p className="text-sm leading-relaxed">{answer.answer}</p>
      <h4 className="mt-3 text-sm font-semibold">Sources</h4>
      <ol className="mt-1 space-y-2 text-sm">
        {answer.sources.map((s, i) => (
          <li key={i} className="rounded border border-slate-200 p-2" data-testid="qa-source">
            <p className="text-slate-700">“{s.snippet}”</p>
            <Citations
              refs={[{ document_id: s.document_id, chunk_index: s.chunk_index }]}
              titles={titles}
              docs={docs}
            />
          </li>
        ))}
      </ol>
    </div>
  )
}
