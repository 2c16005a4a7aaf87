import type { Dispatch, SetStateAction } from 'react'
import type { ToolKind } from '#shared/api/ai'
import { Choice, DIFFICULTIES, LEVELS } from '~/components/choice'

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
        <label className="block text-sm">
          Number of cards
          <input
            type="number"
            min={1}
            max={50}
            value={count}
            onChange={(e) => setCount(Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
            className="ml-2 w-20 rounded border border-slate-300 px-2 py-1"
          />
        </label>
      ) : null}
      {tool === 'trivia-game' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <label>
            Questions
            <input
              type="number"
              min={1}
              max={20}
              value={questionCount}
              onChange={(e) => setQuestionCount(Math.max(1, Math.min(20, Number(e.target.value) || 1)))}
              className="ml-2 w-20 rounded border border-slate-300 px-2 py-1"
            />
          </label>
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
          <label className="flex-1">
            Topic
            <input
              value={topic}
              maxLength={200}
              onChange={(e) => setTopic(e.target.value)}
              className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
              name="topic"
            />
          </label>
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
