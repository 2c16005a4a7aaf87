import { useState } from 'react'
import { Seo } from '~/components/seo'
import { AppLayout } from '~/layouts/app_layout'
import { Button } from '~/components/button'
import { ApiList } from '~/components/catalog/api_list'
import { UploadModal } from '~/components/upload_modal'
import { VerificationBanner } from '~/components/verification_banner'
import { VisibilityControl } from '~/components/visibility_control'
import { OriginalFileActions } from '~/components/original_file'
import { useToast } from '~/components/toast'
import { LocalTime } from '~/components/local_time'
import { api, errorMessage } from '~/lib/api'
import { useApi } from '~/lib/use_api'
import { pagesLabel } from '#shared/text'
import type { SerializedOwnDocument } from '#shared/api/catalog'
import { urlFor } from '~/client'
import { SlugLink } from '~/components/slug_link'

type OwnDocument = SerializedOwnDocument
type Props = { documents: { data: SerializedOwnDocument[] } }

function formatSize(bytes?: number | null) {
  if (!bytes) return null
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const STATUS: Record<string, string> = {
  ready: 'Ready',
  processing: 'Processing',
  pending: 'Waiting',
  failed: 'Failed',
}

function CardActions(props: {
  doc: OwnDocument
  confirming: boolean
  busy: boolean
  onAsk: () => void
  onCancel: () => void
  onDelete: () => void
}) {
  const { doc } = props
  const rest = (
    <>
      <SlugLink
        route="pages.documents.show"
        slug={doc.slug}
        className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        Read<span className="sr-only"> “{doc.title}”</span>
      </SlugLink>
      <span className="ml-auto">
        {props.confirming ? (
          <span className="inline-flex gap-2">
            <Button variant="danger" loading={props.busy} onClick={props.onDelete}>
              Confirm delete
            </Button>
            <Button variant="ghost" onClick={props.onCancel}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="ghost" onClick={props.onAsk}>
            Delete<span className="sr-only"> “{doc.title}”</span>
          </Button>
        )}
      </span>
    </>
  )
  if (doc.file)
    return (
      <OriginalFileActions documentId={doc.id} file={doc.file}>
        {rest}
      </OriginalFileActions>
    )
  return <div className="flex flex-wrap items-center gap-2">{rest}</div>
}

export default function MyDocuments(props: Props) {
  const toast = useToast()
  const list = useApi(urlFor('api.my.documents.index', {}, { qs: { limit: 100 } }), props.documents)
  const [uploadOpen, setUploadOpen] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<OwnDocument | null>(null)

  function patch(id: string, changes: Partial<OwnDocument>) {
    list.setData((current) => current && { data: current.data.map((d) => (d.id === id ? { ...d, ...changes } : d)) })
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
      <Seo
        title="My documents"
        description="Upload your study documents and choose who can see each one."
        robots="noindex, nofollow"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My documents</h1>
        <Button onClick={() => setUploadOpen(true)} data-testid="open-upload">
          Upload document
        </Button>
      </div>
      <div className="mt-6">
        <ApiList
          state={list}
          emptyTitle="No documents yet"
          empty="Upload a PDF, Word, Markdown or text file to read it here and study it."
        >
          {(documents) => (
            <ul className="space-y-3" data-testid="my-documents">
              {documents.map((doc) => (
                <li
                  key={doc.id}
                  data-testid="my-document-row"
                  className="rounded-lg border border-slate-200 bg-white p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <SlugLink
                        route="pages.documents.show"
                        slug={doc.slug}
                        className="break-words font-medium text-slate-800 hover:text-indigo-700"
                      >
                        {doc.title}
                      </SlugLink>
                      <p className="mt-1 text-xs text-slate-500">
                        {[
                          STATUS[doc.ingest_status] ?? doc.ingest_status,
                          doc.page_count > 0 ? pagesLabel(doc.page_count) : null,
                          formatSize(doc.size_bytes),
                          `access: ${doc.access_level}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                        {' · updated '}
                        <LocalTime value={doc.updated_at} />
                      </p>
                    </div>
                    {doc.embedding_status === 'pending' && (
                      <p className="w-full text-xs text-slate-500" data-testid="embedding-progress">
                        Indexing meaning: {Math.round((doc.embedding_progress ?? 0) * 100)} %
                      </p>
                    )}
                    <VisibilityControl document={doc} onChanged={(visibility) => patch(doc.id, { visibility })} />
                  </div>
                  <div className="mt-3">
                    <CardActions
                      doc={doc}
                      confirming={confirming?.id === doc.id}
                      busy={busy === doc.id}
                      onAsk={() => setConfirming(doc)}
                      onCancel={() => setConfirming(null)}
                      onDelete={() => remove(doc)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ApiList>
      </div>
      <UploadModal open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={() => list.reload()} />
    </AppLayout>
  )
}
