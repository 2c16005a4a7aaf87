import { Citations } from '~/components/ai/citations'
import type { StudyGuideJson } from '#shared/api/ai'

/** A study guide: its sections in order, each with its cited passages. */
export function StudyGuideResult({ guide, titles }: { guide: StudyGuideJson; titles: Record<string, string> }) {
  return (
    <div data-testid="study-guide-result">
      <h3 className="font-semibold">{guide.title}</h3>
      {guide.sections.map((s) => (
        <section key={s.id} className="mt-3">
          <h4 className="text-sm font-semibold">{s.heading}</h4>
          <p className="text-sm leading-relaxed">{s.content}</p>
          <Citations refs={s.citations} titles={titles} />
        </section>
      ))}
    </div>
  )
}
