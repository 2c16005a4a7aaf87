import { useEffect, useState } from 'react'
import { Button } from '~/components/button'
import type { UploadedDocument } from '~/components/upload_modal'
import { api } from '~/lib/api'
import { FailureView, useRequest } from '~/components/ai/request'
import { DocumentPicker, Section, type MyDocument } from '~/components/ai/document_picker'
import { urlFor } from '~/client'
import { sourceDocs } from '~/lib/passage_link'

export type { MyDocument } from '~/components/ai/document_picker'
import type { ToolKind } from '#shared/api/ai'
import { AllowanceMeter, useAllowance } from '~/components/ai/allowance'
import type { AiAllowance } from '#shared/api/ai'
import { DEFAULT_TOOL_OPTIONS, ToolOptionsFields, type ToolOptions } from '~/components/ai/tool_options'
import { ToolResultSection, type ToolRunResult } from '~/components/ai/tool_result'

/** The working tool for signed-in users (one per /ai/* page). */
export function ToolRunner({
  tool,
  documents: initialDocuments,
  allowance: initialAllowance = null,
  actionLabel,
}: {
  tool: ToolKind
  documents: MyDocument[]
  allowance?: AiAllowance | null
  /** The page's own words for the button (Practice Test: "Start practice test"). */
  actionLabel?: string
}) {
  const { allowance, observe, refreshCredits } = useAllowance(initialAllowance)
  const [documents, setDocuments] = useState<MyDocument[]>(initialDocuments)
  // Nothing is ticked for the student (issue 29): the tool reads what they choose, and their last
  // choice for this tool comes back (this browser only).
  const [selected, setSelectedState] = useState<string[]>([])
  const [remembered, setRemembered] = useState(false)
  const memoryKey = `studyhub.tool-choice.${tool}`
  useEffect(() => {
    try {
      const saved: unknown = JSON.parse(window.localStorage.getItem(memoryKey) || '[]')
      const ready = new Set(initialDocuments.filter((d) => d.chunk_count > 0).map((d) => d.id))
      const ids = Array.isArray(saved)
        ? saved.filter((id): id is string => typeof id === 'string' && ready.has(id))
        : []
      if (ids.length) {
        setSelectedState(ids)
        setRemembered(true)
      }
    } catch {
      // No memory: start with nothing ticked.
    }
    // Restored once, on arrival (memoryKey is the only dependency on purpose).
  }, [memoryKey])
  function setSelected(next: string[] | ((ids: string[]) => string[])) {
    setSelectedState((current) => {
      const ids = typeof next === 'function' ? next(current) : next
      try {
        window.localStorage.setItem(memoryKey, JSON.stringify(ids))
      } catch {
        // Private mode: the choice is simply not remembered.
      }
      return ids
    })
    setRemembered(false)
  }
  const [options, setOptions] = useState<ToolOptions>(DEFAULT_TOOL_OPTIONS)
  const { count, questionCount, difficulty, focusTopic, query, topic, level } = options
  const [result, setResult] = useState<ToolRunResult | null>(null)
  const request = useRequest()
  const titles = Object.fromEntries(documents.map((d) => [d.id, d.title]))
  const docs = sourceDocs(documents)
  const needsScope = tool !== 'course'
  const noScope = selected.length === 0
  const ingested = documents.some((d) => d.ingest_status === 'ready' && d.chunk_count > 0)
  const scope = { document_ids: selected }

  function onUploaded(document: UploadedDocument) {
    setDocuments((list) => [
      {
        id: document.id,
        slug: document.slug,
        title: document.title,
        ingest_status: document.ingest_status,
        chunk_count: 1,
      },
      ...list.filter((d) => d.id !== document.id),
    ])
    setSelected((ids) => (ids.includes(document.id) ? ids : [...ids, document.id]))
  }

  function trigger() {
    const run = (toolId: Exclude<ToolKind, 'course'>, body: Record<string, unknown>) => () =>
      api(urlFor('api.ai.tools.run', { toolId }), { method: 'POST', onResponse: observe, body: { scope, ...body } })
    const calls: Record<ToolKind, () => Promise<unknown>> = {
      'summary': run('summary', {}),
      'flashcards': run('flashcards', { count }),
      'qa': run('qa', { user_query: query.trim() }),
      'study-guide': run('study-guide', {}),
      'trivia-game': run('trivia-game', { questionCount, difficulty, focusTopic: focusTopic.trim() || undefined }),
      'course': () =>
        api(urlFor('api.ai.generatedCourses.store'), {
          method: 'POST',
          onResponse: observe,
          body: { topic: topic.trim(), level, document_ids: selected.length ? selected : undefined },
        }),
    }
    setResult(null)
    const read = [...selected]
    void request.run(calls[tool], (value) => setResult({ kind: tool, value, read })).finally(refreshCredits)
  }

  const labels: Record<ToolKind, string> = {
    'summary': 'Summarize',
    'flashcards': 'Build flashcards',
    'qa': 'Ask',
    'study-guide': 'Generate study guide',
    'trivia-game': 'Start trivia game',
    'course': 'Build course',
  }
  const blocked =
    (needsScope && noScope) || (tool === 'qa' && !query.trim()) || (tool === 'course' && topic.trim().length < 2)
  const reason =
    needsScope && noScope
      ? 'Upload or select a document first'
      : tool === 'qa' && !query.trim()
        ? 'Type a question first'
        : tool === 'course' && topic.trim().length < 2
          ? 'Enter a topic first'
          : undefined

  return (
    <div className="space-y-4" data-testid="tool-runner">
      <AllowanceMeter allowance={allowance} />
      <DocumentPicker documents={documents} selected={selected} onChange={setSelected} onUploaded={onUploaded} />
      {remembered ? (
        <p className="text-xs text-slate-600" data-testid="remembered-choice">
          Your last choice for this tool is ticked:{' '}
          {selected
            .map((id) => titles[id])
            .filter(Boolean)
            .join(', ')}
          .
        </p>
      ) : null}
      <Section title={tool === 'course' ? '2. Describe your course' : '2. Run the tool'}>
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (!blocked && !request.busy) trigger()
          }}
        >
          <ToolOptionsFields
            tool={tool}
            noScope={noScope}
            ingested={ingested}
            options={options}
            onChange={(patch) => setOptions((current) => ({ ...current, ...patch }))}
          />
          <Button
            type="submit"
            loading={request.busy}
            disabled={blocked || request.busy}
            title={reason}
            data-testid="tool-trigger"
          >
            {actionLabel ?? labels[tool]}
          </Button>
          {reason && needsScope && noScope ? <p className="text-xs text-slate-500">{reason}.</p> : null}
        </form>
      </Section>

      <FailureView failure={request.failure} />

      {result ? (
        <ToolResultSection result={result} titles={titles} docs={docs} onRestart={() => setResult(null)} />
      ) : null}
    </div>
  )
}
