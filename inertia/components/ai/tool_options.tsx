import type { Dispatch, SetStateAction } from 'react'
import type { ToolKind } from '#shared/api/ai'
import { Choice, CountInput, DIFFICULTIES, LEVELS, TopicInput } from '~/components/choice'

export type Difficulty = 'easy' | 'medium' | 'hard'
export type CourseLevel = 'beginner' | 'intermediate' | 'advanced'

/** The tool's own inputs inside the run form (card count, trivia settings, the question, the course topic). */
export function ToolOptionsFields({
  tool,
  noScope,
  count,
  setCount,
  questionCount,
  setQuestionCount,
  difficulty,
  setDifficulty,
  focusTopic,
  setFocusTopic,
  query,
  setQuery,
  topic,
  setTopic,
  level,
  setLevel,
}: {
  tool: ToolKind
  noScope: boolean
  count: number
  setCount: Dispatch<SetStateAction<number>>
  questionCount: number
  setQuestionCount: Dispatch<SetStateAction<number>>
  difficulty: Difficulty
  setDifficulty: Dispatch<SetStateAction<Difficulty>>
  focusTopic: string
  setFocusTopic: Dispatch<SetStateAction<string>>
  query: string
  setQuery: Dispatch<SetStateAction<string>>
  topic: string
  setTopic: Dispatch<SetStateAction<string>>
  level: CourseLevel
  setLevel: Dispatch<SetStateAction<CourseLevel>>
}) {
  return (
    <>
      {tool === 'flashcards' ? (
        <CountInput label="Number of cards" value={count} max={50} onChange={setCount} className="block text-sm" />
      ) : null}
      {tool === 'trivia-game' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <CountInput label="Questions" value={questionCount} max={20} onChange={setQuestionCount} />
          <Choice
            label="Difficulty"
            value={difficulty}
            options={DIFFICULTIES}
            onChange={setDifficulty}
            selectClassName="ml-2 rounded border border-slate-300 px-2 py-1"
          />
          <label>
            Focus topic (optional)
            <input
              value={focusTopic}
              maxLength={200}
              onChange={(e) => setFocusTopic(e.target.value)}
              className="ml-2 rounded border border-slate-300 px-2 py-1"
            />
          </label>
        </div>
      ) : null}
      {tool === 'qa' ? (
        <label className="block text-sm">
          Your question
          <input
            value={query}
            maxLength={2000}
            disabled={noScope}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={noScope ? 'Upload a document first' : 'e.g. What does chlorophyll do?'}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            name="user_query"
          />
        </label>
      ) : null}
      {tool === 'course' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <TopicInput labelClassName="flex-1" value={topic} onChange={(e) => setTopic(e.target.value)} />
          <Choice
            label="Level"
            value={level}
            options={LEVELS}
            onChange={setLevel}
            selectClassName="mt-1 block rounded border border-slate-300 px-2 py-2"
          />
        </div>
      ) : null}
    </>
  )
}
