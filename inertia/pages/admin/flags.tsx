import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'
import type { SerializedFeatureFlag } from '#shared/api/flags'
import { CreateFlagForm } from '~/components/flags/create_flag_form'
import { FlagRow } from '~/components/flags/flag_row'
import { HeaderRow } from '~/components/table'

const COLUMNS = [
  'Name',
  'Description',
  'Enabled',
  'Environment',
  'Last Updated',
  <span key="actions" className="sr-only">
    Actions
  </span>,
]

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
      <Seo
        title="Feature flags · Admin · StudyHub"
        description="Switch StudyHub features on or off system-wide without redeploying."
        robots="noindex, nofollow"
      />
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
                <HeaderRow columns={COLUMNS} cellClassName="px-4 py-3" />
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
