import { Citations } from '~/components/ai/citations'
import { SourceLink } from '~/components/study/source_link'
import type { ChunkRefJson, SummaryJson } from '#shared/api/ai'
import type { SourceDocs } from '~/lib/passage_link'

/**
 * A summary with its key points and cited passages. Each key point links to the passage it
 * came from when the server located it (`key_point_citations`, issue 27: back to the source).
 */
export function SummaryResult({
  summary,
  titles,
  docs,
}: {
  summary: SummaryJson & { key_point_citations?: (ChunkRefJson | null)[] }
  titles: Record<string, string>
  docs?: SourceDocs
}) {
  return (
    <div data-testid="summary-result">
      <p className="text-sm leading-relaxed">{summary.summary}</p>
      <h3 className="mt-3 text-sm font-semibold">Key points</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {summary.key_points.map((p, i) => (
          <li key={i} data-testid="key-point">
            {p} <SourceLink source={summary.key_point_citations?.[i]} docs={docs} className="ml-1 whitespace-nowrap" />
          </li>
        ))}
      </ul>
      <Citations refs={summary.citations} titles={titles} docs={docs} />
    </div>
  )
}
