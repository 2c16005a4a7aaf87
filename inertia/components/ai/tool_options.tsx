import type { ToolKind } from '#shared/api/ai'
import { Choice, CountInput, DIFFICULTIES, LEVELS, TopicInput } from '~/components/choice'

export type Difficulty = 'easy' | 'medium' | 'hard'
export type CourseLevel = 'beginner' | 'intermediate' | 'advanced'

const INLINE_SELECT = 'ml-2 rounded border border-slate-300 px-2 py-1'
const BLOCK_SELECT = 'mt-1 block rounded border border-slate-300 px-2 py-2'

/** What the student set in the run form besides the documents. */
export type ToolOptions = {
  count: number
  questionCount: number
  difficulty: Difficulty
  focusTopic: string
  query: string
  topic: string
  level: CourseLevel
}

export const DEFAULT_TOOL_OPTIONS: ToolOptions = {
  count: 10,
  questionCount: 5,
  difficulty: 'medium',
  focusTopic: '',
  query: '',
  topic: '',
  level: 'beginner',
}

/**
 * The tool's own inputs inside the run form (card count, trivia settings, the question, the course topic).
 * Q&A shows its question input once the student has an ingested document (docs/rules/ai.md#tools).
 */
export function ToolOptionsFields({
  tool,
  noScope,
  ingested,
  options,
  onChange,
}: {
  tool: ToolKind
  noScope: boolean
  ingested: boolean
  options: ToolOptions
  onChange: (patch: Partial<ToolOptions>) => void
}) {
  const { count, questionCount, focusTopic, query, topic } = options
  // A select's value and setter for one option.
  function bind<K extends 'difficulty' | 'level'>(key: K) {
    return { value: options[key], onChange: (value: ToolOptions[K]) => onChange({ [key]: value }) }
  }
  return (
    <>
      {tool === 'flashcards' ? (
        <CountInput
          label="Number of cards"
          value={count}
          max={50}
          onChange={(value) => onChange({ count: value })}
          className="block text-sm"
        />
      ) : null}
      {tool === 'trivia-game' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <CountInput
            label="Questions"
            value={questionCount}
            max={20}
            onChange={(value) => onChange({ questionCount: value })}
          />
          <Choice label="Difficulty" options={DIFFICULTIES} {...bind('difficulty')} selectClassName={INLINE_SELECT} />
          <label>
            Focus topic (optional)
            <input
              value={focusTopic}
              maxLength={200}
              onChange={(e) => onChange({ focusTopic: e.target.value })}
              className="ml-2 rounded border border-slate-300 px-2 py-1"
            />
          </label>
        </div>
      ) : null}
      {tool === 'qa' && ingested ? (
        <label className="block text-sm">
          Your question
          <input
            value={query}
            maxLength={2000}
            disabled={noScope}
            onChange={(e) => onChange({ query: e.target.value })}
            placeholder={noScope ? 'Upload a document first' : 'e.g. What does chlorophyll do?'}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            name="user_query"
          />
        </label>
      ) : null}
      {tool === 'course' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <TopicInput labelClassName="flex-1" value={topic} onChange={(e) => onChange({ topic: e.target.value })} />
          <Choice label="Level" options={LEVELS} {...bind('level')} selectClassName={BLOCK_SELECT} />
        </div>
      ) : null}
    </>
  )
}
