import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Banner } from '~/components/banner'
import { Button } from '~/components/button'
import { Spinner } from '~/components/spinner'
import { api, ApiRequestError } from '~/lib/api'
import { urlFor } from '~/client'

type Kind = 'institutions' | 'courses' | 'documents'
const KINDS: Kind[] = ['institutions', 'courses', 'documents']

type KindChange = { previous: number; current: number; added: number; removed: number }

export type RegenerationResult = {
  durationMs: number
  counts: Record<Kind, number>
  uploaded: number
  skipped: number
  deleted?: number
  disk?: string | null
  changes?: Record<Kind, KindChange> | null
  warnings?: string[]
}

type Props = {
  counts: Record<Kind, { total: number; chunks: number }>
  disk: string | null
  last_run: { id: string; trigger: string; created_at: string; result: Partial<RegenerationResult> } | null
}

type Failure = { kind: '401' | '403' | '429' | '5xx' | 'other'; message: string }

function classify(error: unknown): Failure {
  if (error instanceof ApiRequestError) {
    if (error.status === 401)
      return { kind: '401', message: 'Your session has expired. Sign in again to regenerate the sitemaps.' }
    if (error.status === 403) return { kind: '403', message: 'Only administrators can regenerate the sitemaps.' }
    if (error.status === 429)
      return { kind: '429', message: 'A regeneration is already running. Wait a minute and try again.' }
    if (error.status >= 500 || error.status === 0)
      return {
        kind: '5xx',
        message: 'The server could not finish the regeneration. Try again; if it keeps failing, check the server logs.',
      }
    return { kind: 'other', message: error.body.message || 'The regeneration failed.' }
  }
  return { kind: '5xx', message: 'The regeneration failed unexpectedly. Try again.' }
}

const fmt = (n: number) => n.toLocaleString('en-US')

function CountsChart({ counts }: { counts: Record<Kind, number> }) {
  const max = Math.max(1, ...KINDS.map((k) => counts[k] ?? 0))
  return (
    <div className="space-y-2" aria-label="URL counts per kind" role="img">
      {KINDS.map((kind) => (
        <div key={kind} className="flex items-center gap-3 text-sm">
          <span className="w-24 capitalize text-slate-600">{kind}</span>
          <div className="h-3 flex-1 rounded bg-slate-100">
            <div
              className="h-3 rounded bg-indigo-500"
              style={{ width: `${((counts[kind] ?? 0) / max) * 100}%` }}
              data-testid={`bar-${kind}`}
            />
          </div>
          <span className="w-24 text-right tabular-nums">{fmt(counts[kind] ?? 0)}</span>
        </div>
      ))}
    </div>
  )
}

function ResultPanel({ result }: { result: RegenerationResult }) {
  return (
    <section
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      data-testid="sitemap-result"
      aria-live="polite"
    >
      <h2 className="text-lg font-semibold">Result</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          { label: 'Duration', value: `${fmt(result.durationMs)} ms`, testId: 'result-duration' },
          { label: 'Uploaded', value: fmt(result.uploaded), testId: 'result-uploaded' },
          { label: 'Skipped', value: fmt(result.skipped), testId: 'result-skipped' },
          { label: 'URLs', value: fmt(KINDS.reduce((sum, k) => sum + (result.counts[k] ?? 0), 0)) },
        ].map((stat) => (
          <div key={stat.label}>
            <dt className="text-xs uppercase text-slate-500">{stat.label}</dt>
            <dd className="text-lg font-medium tabular-nums" data-testid={stat.testId}>
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 font-medium">Kind</th>
            <th className="py-1 text-right font-medium">URLs</th>
            <th className="py-1 text-right font-medium">Added</th>
            <th className="py-1 text-right font-medium">Removed</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind} className="border-t border-slate-100">
              <td className="py-1 capitalize">{kind}</td>
              <td className="py-1 text-right tabular-nums" data-testid={`count-${kind}`}>
                {fmt(result.counts[kind] ?? 0)}
              </td>
              <td className="py-1 text-right tabular-nums text-green-700">
                {result.changes ? `+${fmt(result.changes[kind].added)}` : '—'}
              </td>
              <td className="py-1 text-right tabular-nums text-red-700">
                {result.changes ? `−${fmt(result.changes[kind].removed)}` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!result.changes ? (
        <p className="text-xs text-slate-500">First run: no change since the last run to show.</p>
      ) : null}
      <CountsChart counts={result.counts} />
      {(result.warnings ?? []).map((warning) => (
        <Banner key={warning} tone="warning">
          {warning}
        </Banner>
      ))}
    </section>
  )
}

export default function AdminSeo({ counts, disk, last_run }: Props) {
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<RegenerationResult | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)

  async function regenerate() {
    setRunning(true)
    setFailure(null)
    try {
      const data = await api<RegenerationResult>(urlFor('api.admin.sitemap.regenerate'), { method: 'POST' })
      setResult(data)
    } catch (error) {
      setFailure(classify(error))
    } finally {
      setRunning(false)
    }
  }

  const lastResult =
    last_run?.result && (last_run.result as RegenerationResult).counts ? (last_run.result as RegenerationResult) : null

  return (
    <AppLayout>
      <Seo
        title="SEO and sitemaps · Admin"
        description="Regenerate StudyHub's sitemaps and check their last run."
        robots="noindex, nofollow"
      />
      <div className="mx-auto max-w-3xl space-y-6 py-8">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold">SEO and sitemaps</h1>
          <p className="text-sm text-slate-600">
            Sitemaps are stored on{' '}
            <strong data-testid="sitemap-disk">
              {disk ? `the ${disk} disk` : 'no disk (rendered live on every read)'}
            </strong>
            . Catalog: {fmt(counts.institutions.total)} institutions, {fmt(counts.courses.total)} courses,{' '}
            {fmt(counts.documents.total)} documents.
          </p>
        </header>

        <div className="flex items-center gap-4">
          <Button onClick={regenerate} loading={running} disabled={running} data-testid="regenerate-now">
            Regenerate now
          </Button>
          {running ? <Spinner label="Regenerating sitemaps (this can take about a minute)…" /> : null}
        </div>

        {failure ? (
          <Banner tone="error" testId={`error-${failure.kind}`} onDismiss={() => setFailure(null)}>
            <strong className="mr-1">
              {failure.kind === '401'
                ? 'Signed out.'
                : failure.kind === '403'
                  ? 'Not allowed.'
                  : failure.kind === '429'
                    ? 'Already running.'
                    : 'Server error.'}
            </strong>
            {failure.message}
            {failure.kind === '401' ? (
              <a
                className="ml-2 underline"
                href={urlFor('pages.auth.login', {}, { qs: { next: urlFor('pages.admin.seo') } })}
              >
                Sign in
              </a>
            ) : null}
          </Banner>
        ) : null}

        {result ? <ResultPanel result={result} /> : null}

        {!result && lastResult ? (
          <section className="space-y-2">
            <h2 className="text-sm font-medium text-slate-500">
              Last run ({new Date(last_run!.created_at).toUTCString()}, {last_run!.trigger})
            </h2>
            <ResultPanel result={lastResult} />
          </section>
        ) : null}
        {!result && !lastResult ? <p className="text-sm text-slate-500">No regeneration has run yet.</p> : null}
      </div>
    </AppLayout>
  )
}
