import { Citations } from '~/components/ai/citations'
import type { SummaryJson } from '#shared/api/ai'

/** A summary with its key points and cited passages. */
export function SummaryResult({ summary, titles }: { summary: SummaryJson; titles: Record<string, string> }) {
  return (
    <div data-testid="summary-result">
      <p className="text-sm leading-relaxed">{summary.summary}</p>
      <h4 className="mt-3 text-sm font-semibold">Key points</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {summary.key_points.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      <Citations refs={summary.citations} titles={titles} />
    </div>
  )
}
