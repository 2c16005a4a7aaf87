import { useCallback, useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { ErrorState, LoadingState } from '~/components/states'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { SerializedFeatureFlag, SerializedFlagAudit } from '#shared/api/flags'

type AuditEntry = SerializedFlagAudit

function formatDate(value: string | null) {
  if (!value) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

/** One row of the admin feature-flags table, with its history row when open. */
export function FlagRow(props: {
  flag: SerializedFeatureFlag
  pending: boolean
  onToggle: () => void
  onDelete: () => void
  historyOpen: boolean
  onHistory: () => void
}) {
  const { flag } = props
  return (
    <>
      <tr data-testid={`flag-row-${flag.name}`} data-flag={flag.name}>
        <td className="px-4 py-3 font-mono text-xs font-semibold text-slate-900">{flag.name}</td>
        <td className="px-4 py-3 text-slate-600">{flag.description || <span className="text-slate-400">—</span>}</td>
        <td className="px-4 py-3">
          <button
            type="button"
            role="switch"
            aria-checked={flag.is_enabled}
            aria-label={`Enabled: ${flag.name}`}
            aria-busy={props.pending || undefined}
            disabled={props.pending}
            onClick={props.onToggle}
            data-testid={`flag-toggle-${flag.name}`}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-70 ${flag.is_enabled ? 'bg-indigo-600' : 'bg-slate-300'}`}
          >
            <span
              className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${flag.is_enabled ? 'translate-x-5' : 'translate-x-0.5'}`}
            />
          </button>
          <span className="ml-2 text-xs text-slate-600" data-testid={`flag-state-${flag.name}`}>
            {flag.is_enabled ? 'On' : 'Off'}
          </span>
        </td>
        <td className="px-4 py-3 text-slate-600">{flag.environment || 'All environments'}</td>
        <td className="px-4 py-3 whitespace-nowrap text-slate-600">
          <time dateTime={flag.updated_at || undefined}>{formatDate(flag.updated_at)}</time>
        </td>
        <td className="px-4 py-3 text-right whitespace-nowrap">
          <Button
            variant="ghost"
            onClick={props.onHistory}
            aria-expanded={props.historyOpen}
            data-testid={`flag-history-${flag.name}`}
          >
            History
          </Button>
          <Button
            variant="ghost"
            className="text-red-700"
            onClick={props.onDelete}
            data-testid={`flag-delete-${flag.name}`}
            aria-label={`Delete ${flag.name}`}
          >
            Delete
          </Button>
        </td>
      </tr>
      {props.historyOpen ? (
        <tr>
          <td colSpan={6} className="bg-slate-50 px-4 py-3">
            <FlagHistory name={flag.name} version={`${flag.is_enabled}-${flag.updated_at}`} />
          </td>
        </tr>
      ) : null}
    </>
  )
}

function FlagHistory({ name, version }: { name: string; version: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(async () => {
    setError(null)
    setEntries(null)
    try {
      const result = await api<{ data: AuditEntry[] }>(urlFor('api.feature_flags.history', { name }))
      setEntries(result.data)
    } catch (e) {
      setError(errorMessage(e))
    }
  }, [name])

  useEffect(() => {
    void load()
  }, [load, version])

  if (error) return <ErrorState message={error} onRetry={load} />
  if (!entries) return <LoadingState label="Loading history…" />
  if (entries.length === 0) return <p className="text-sm text-slate-500">No changes recorded yet.</p>
  return (
    <ol className="space-y-1 text-xs text-slate-700" data-testid={`flag-history-list-${name}`}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <span className="font-mono">{formatDate(entry.created_at)}</span> · <strong>{entry.action}</strong>
          {entry.action === 'toggle' ? ` ${entry.old_value ? 'on' : 'off'} → ${entry.new_value ? 'on' : 'off'}` : ''}
          {entry.action === 'create' ? ` (${entry.new_value ? 'enabled' : 'disabled'})` : ''} by{' '}
          {entry.actor === 'cli' ? 'the command line' : `user #${entry.actor}`}
        </li>
      ))}
    </ol>
  )
}
