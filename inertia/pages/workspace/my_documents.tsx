import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { EmptyState } from '~/components/states'
import { ApiList } from '~/components/catalog/api_list'
import { UploadModal } from '~/components/upload_modal'
import { VerificationBanner } from '~/components/verification_banner'
import { useToast } from '~/components/toast'
import { LocalTime } from '~/components/local_time'
import { api, errorMessage } from '~/lib/api'
import { useApi } from '~/lib/use_api'
import type { SerializedOwnDocument } from '#shared/api/catalog'
import { urlFor } from '~/client'

type OwnDocument = SerializedOwnDocument
type Props = { documents: { data: SerializedOwnDocument[] } }

function formatSize(bytes?: number | null) {
  if (!bytes) return '—'
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export default function MyDocuments(props: Props) {
  const toast = useToast()
  const list = useApi(urlFor('api.my.documents.index', {}, { qs: { limit: 100 } }), props.documents)
  const [uploadOpen, setUploadOpen] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<OwnDocument | null>(null)

  async function toggleVisibility(doc: OwnDocument) {
    const next = doc.visibility === 'public' ? 'private' : 'public'
    setBusy(doc.id)
    try {
      await api(urlFor('api.my.documents.update', { id: doc.id }), { method: 'PATCH', body: { visibility: next } })
      list.setData((current) => current && { data: current.data.map((d) => (d.id === doc.id ? { ...d, visibility: next } : d)) })
      toast('success', `“${doc.title}” is now ${next}.`)
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  async function remove(doc: OwnDocument) {
    setBusy(doc.id)
    try {
      await api(urlFor('api.my.documents.destroy', { id: doc.id }), { method: 'DELETE' })
      list.setData((current) => current && { data: current.data.filter((d) => d.id !== doc.id) })
      toast('success', `Deleted “${doc.title}”.`)
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(null)
      setConfirming(null)
    }
  }

  return (
    <AppLayout banners={<VerificationBanner />}>
      <Seo title="My documents" robots="noindex, nofollow" />
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">My documents</h1>
        <Button onClick={() => setUploadOpen(true)} data-testid="open-upload">Upload document</Button>
      </div>
      <div className="mt-6">
        <ApiList
          state={list}
          items={list.data?.data}
          empty={<EmptyState title="No documents yet">Upload a PDF, Word, Markdown or text file to study it with the AI tools.</EmptyState>}
        >
          {(documents) => (
            <table className="w-full text-left text-sm" data-testid="my-documents">
              <thead className="border-b border-slate-200 text-slate-500">
                <tr>
                  <th className="py-2">Title</th>
                  <th>Status</th>
                  <th>Visibility</th>
                  <th>Access</th>
                  <th>Size</th>
                  <th>Updated</th>
                  <th className="sr-only">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.map((doc) => (
                  <tr key={doc.id} data-testid="my-document-row">
                    <td className="py-2">
                      <Link route="pages.documents.show" routeParams={{ slug: doc.slug }} className="font-medium text-slate-800 hover:text-indigo-700">{doc.title}</Link>
                    </td>
                    <td>
                      {doc.ingest_status || 'ready'}
                      {doc.embedding_status === 'pending' && (
                        <span className="block text-xs text-slate-500" data-testid="embedding-progress">
                          indexing meaning: {Math.round((doc.embedding_progress ?? 0) * 100)} %
                        </span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        role="switch"
                        aria-checked={doc.visibility === 'public'}
                        disabled={busy === doc.id}
                        onClick={() => toggleVisibility(doc)}
                        className="rounded bg-slate-100 px-2 py-0.5 text-xs hover:bg-slate-200"
                      >
                        {doc.visibility}
                      </button>
                    </td>
                    <td>{doc.access_level}</td>
                    <td>{formatSize(doc.size_bytes)}</td>
                    <td><LocalTime value={doc.updated_at} /></td>
                    <td className="text-right">
                      {confirming?.id === doc.id ? (
                        <span className="inline-flex gap-2">
                          <Button variant="danger" loading={busy === doc.id} onClick={() => remove(doc)}>Confirm delete</Button>
                          <Button variant="ghost" onClick={() => setConfirming(null)}>Cancel</Button>
                        </span>
                      ) : (
                        <Button variant="ghost" onClick={() => setConfirming(doc)}>Delete</Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ApiList>
      </div>
      <UploadModal open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={() => list.reload()} />
    </AppLayout>
  )
}
