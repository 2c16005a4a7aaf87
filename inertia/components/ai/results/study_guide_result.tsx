import { Citations } from '~/components/ai/citations'
import type { StudyGuideJson } from '#shared/api/ai'
import type { SourceDocs } from '~/lib/passage_link'

/** A study guide: its sections in order, each with its cited passages. */
export function StudyGuideResult({
  guide,
  titles,
  docs,
}: {
  guide: StudyGuideJson
  titles: Record<string, string>
  docs?: SourceDocs
}) {
  return (
    <div data-testid="study-guide-result">
      <h3 className="font-semibold">{guide.title}</h3>
      {guide.sections.map((s) => (
        <section key={s.id} className="mt-3" data-testid="study-guide-section">
          <h4 className="text-sm font-semibold">{s.heading}</h4>
          <p className="text-sm leading-relaxed">{s.content}</p>
          <Citations refs={s.citations} titles={titles} docs={docs} />
        </section>
      ))}
    </div>
  )
}
