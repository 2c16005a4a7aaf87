import { useCallback, useEffect, useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { SerializedFeatureFlag, SerializedFlagAudit } from '#shared/api/flags'
import { CreateFlagForm } from '~/components/flags/create_flag_form'

type AuditEntry = SerializedFlagAudit

function formatDate(value: string | null) {
  if (!value) return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

function byName(a: SerializedFeatureFlag, b: SerializedFeatureFlag) {
  return a.name.localeCompare(b.name)
}

export default function AdminFlags(props: { flags: SerializedFeatureFlag[] | null; loadError: string | null }) {
  const toast = useToast()
  const [flags, setFlags] = useState<SerializedFeatureFlag[] | null>(props.flags)
  const [loading, setLoading] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(props.loadError)
  const [pending, setPending] = useState<Record<string, boolean>>({})
  const [confirming, setConfirming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [historyFor, setHistoryFor] = useState<string | null>(null)

  async function reload() {
    setLoading(true)
    setLoadError(null)
    try {
      const result = await api<{ data: SerializedFeatureFlag[] }>(urlFor('api.feature_flags.index'))
      setFlags(result.data.slice().sort(byName))
    } catch (error) {
      setLoadError(errorMessage(error))
    } finally {
      setLoading(false)
    }
  }

  async function toggle(flag: SerializedFeatureFlag) {
    if (pending[flag.name]) return
    const previous = flag.is_enabled
    // optimistic: flip now, roll back on failure
    setFlags((list) => list && list.map((f) => (f.name === flag.name ? { ...f, is_enabled: !previous } : f)))
    setPending((p) => ({ ...p, [flag.name]: true }))
    try {
      const result = await api<{ name: string; is_enabled: boolean }>(
        urlFor('api.feature_flags.toggle', { name: flag.name }),
        { method: 'PATCH' }
      )
      setFlags(
        (list) =>
          list &&
          list.map((f) =>
            f.name === flag.name ? { ...f, is_enabled: result.is_enabled, updated_at: new Date().toISOString() } : f
          )
      )
      toast('success', `${flag.name} ${result.is_enabled ? 'enabled' : 'disabled'}`)
    } catch (error) {
      setFlags((list) => list && list.map((f) => (f.name === flag.name ? { ...f, is_enabled: previous } : f)))
      toast('error', `Could not update ${flag.name}: ${errorMessage(error)}`)
    } finally {
      setPending((p) => {
        const next = { ...p }
        delete next[flag.name]
        return next
      })
    }
  }

  async function confirmDelete() {
    if (!confirming) return
    const name = confirming
    setDeleting(true)
    try {
      await api(urlFor('api.feature_flags.destroy', { name }), { method: 'DELETE' })
      setFlags((list) => list && list.filter((f) => f.name !== name))
      if (historyFor === name) setHistoryFor(null)
      toast('success', `${name} deleted`)
      setConfirming(null)
    } catch (error) {
      toast('error', `Could not delete ${name}: ${errorMessage(error)}`)
    } finally {
      setDeleting(false)
    }
  }

  function onCreated(flag: SerializedFeatureFlag) {
    setFlags((list) => [...(list || []).filter((f) => f.name !== flag.name), flag].sort(byName))
    toast('success', `${flag.name} created`)
  }

  return (
    <AppLayout>
      <Seo title="Feature flags · Admin · StudyHub" robots="noindex, nofollow" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Feature flags</h1>
          <p className="mt-1 text-sm text-slate-600">Switch features on or off system-wide without redeploying.</p>
        </div>
        <Button variant="secondary" onClick={reload} loading={loading}>
          Reload
        </Button>
      </div>

      <section aria-labelledby="flags-table-heading" className="mt-6">
        <h2 id="flags-table-heading" className="sr-only">
          Flags
        </h2>
        {loading && !flags ? (
          <LoadingState label="Loading feature flags…" />
        ) : loadError ? (
          <ErrorState message={loadError} onRetry={reload} />
        ) : !flags || flags.length === 0 ? (
          <EmptyState title="No feature flags configured">Create one with the form below.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="flags-table">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Enabled
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Environment
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Last Updated
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {flags.map((flag) => (
                  <FlagRow
                    key={flag.id}
                    flag={flag}
                    pending={Boolean(pending[flag.name])}
                    onToggle={() => toggle(flag)}
                    onDelete={() => setConfirming(flag.name)}
                    historyOpen={historyFor === flag.name}
                    onHistory={() => setHistoryFor(historyFor === flag.name ? null : flag.name)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {loading && flags ? (
          <p className="mt-2 text-xs text-slate-500" data-state="loading">
            Refreshing…
          </p>
        ) : null}
      </section>

      <CreateFlagForm onCreated={onCreated} />

      {confirming ? (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="delete-flag-title"
            aria-describedby="delete-flag-desc"
            className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
            data-testid="delete-confirm"
          >
            <h2 id="delete-flag-title" className="text-lg font-semibold">
              Delete {confirming}?
            </h2>
            <p id="delete-flag-desc" className="mt-2 text-sm text-slate-600">
              The flag is removed for every environment. Features it gates behave as disabled. This cannot be undone.
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={deleting} autoFocus>
                Cancel
              </Button>
              <Button variant="danger" onClick={confirmDelete} loading={deleting} data-testid="confirm-delete">
                Delete flag
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </AppLayout>
  )
}

function FlagRow(props: {
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
