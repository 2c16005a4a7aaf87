import type { DayCountJson } from '#shared/api/study_review'

/**
 * A bar chart drawn as inline SVG on the server (no chart service), with the same numbers in
 * a visually hidden table for screen readers (issue 27 item 5).
 */
export function DayBarChart({
  title,
  data,
  testId,
  color = '#4f46e5',
}: {
  title: string
  data: DayCountJson[]
  testId: string
  color?: string
}) {
  const max = Math.max(1, ...data.map((d) => d.count))
  const width = 300
  const height = 80
  const gap = 2
  const bar = (width - gap * (data.length - 1)) / Math.max(1, data.length)
  const total = data.reduce((sum, d) => sum + d.count, 0)
  return (
    <figure className="mt-2" data-testid={testId}>
      <figcaption className="text-sm font-medium text-slate-700">
        {title} <span className="font-normal text-slate-500">({total} in all)</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        className="mt-1 h-auto w-full max-w-md"
        aria-hidden="true"
        focusable="false"
      >
        {data.map((d, i) => {
          const h = d.count === 0 ? 1 : Math.max(2, Math.round((d.count / max) * height))
          return (
            <rect
              key={d.date}
              x={i * (bar + gap)}
              y={height - h}
              width={bar}
              height={h}
              rx={1}
              fill={d.count === 0 ? '#e2e8f0' : color}
            >
              <title>{`${d.date}: ${d.count}`}</title>
            </rect>
          )
        })}
        <text x={0} y={height + 12} fontSize={9} fill="#475569">
          {data[0]?.date.slice(5)}
        </text>
        <text x={width} y={height + 12} fontSize={9} fill="#475569" textAnchor="end">
          {data[data.length - 1]?.date.slice(5)}
        </text>
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Cards</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}>
              <td>{d.date}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
