import type { GeneratedCourseJson } from '#shared/api/ai'
import { urlFor } from '~/client'

/** The modules and lessons of a generated course (tool result and the /ai-courses list). */
export function CourseModules({ modules }: { modules: GeneratedCourseJson['modules'] }) {
  return (
    <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
      {modules.map((m, i) => (
        <li key={i}>
          <span className="font-medium">{m.title}</span>
          <ul className="list-disc pl-5">
            {m.lessons.map((l, j) => (
              <li key={j}>
                <span className="font-medium">{l.title}:</span> {l.summary}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}

/** A generated course, and the way to all of them. */
export function CourseResult({ course }: { course: GeneratedCourseJson }) {
  return (
    <div data-testid="course-result">
      <h3 className="font-semibold">{course.title}</h3>
      <p className="text-sm text-slate-600">{course.description}</p>
      <CourseModules modules={course.modules} />
      <a href={urlFor('pages.ai.courses')} className="mt-3 inline-block text-sm text-indigo-700 underline">
        See all your courses
      </a>
    </div>
  )
}
