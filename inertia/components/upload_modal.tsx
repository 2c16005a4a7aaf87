import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { VerificationBanner } from '~/components/verification_banner'
import { ApiRequestError, ensureCsrfCookie, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { urlFor } from '~/client'
import { uploadToken, useReadingProgress } from '~/components/upload_progress'
import { useModalFocus } from '~/components/modal_focus'
import { UploadDropzone } from '~/components/upload/upload_dropzone'
import {
  UploadErrorNotice,
  UploadProgressBar,
  type UploadedDocument,
  type UploadState as State,
} from '~/components/upload/upload_status'

export type { UploadedDocument } from '~/components/upload/upload_status'

const ACCEPTED = ['pdf', 'txt', 'md', 'docx']
const MAX_BYTES = 20 * 1024 * 1024

function readCookie(name: string) {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/**
 * The upload modal (issue 8): drag and drop or pick a file, progress (XMLHttpRequest upload
 * progress, X-XSRF-TOKEN from the XSRF-TOKEN cookie), cancel, error and retry states, the
 * verification banner when the email is not verified and an upgrade prompt at the free limit.
 * Usage: <UploadModal open={open} onClose={() => …} onUploaded={(document) => …} />
 */
export function UploadModal({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean
  onClose: () => void
  onUploaded?: (document: UploadedDocument) => void
}) {
  const { auth } = useShared()
  const unverified = Boolean(auth.user && !auth.user.email_verified)
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [dragging, setDragging] = useState(false)
  const [state, setState] = useState<State>({ kind: 'idle' })
  const xhrRef = useRef<XMLHttpRequest | null>(null)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [token, setToken] = useState<string | null>(null)
  const reading = useReadingProgress(state.kind === 'processing' ? token : null)

  useEffect(() => {
    if (!open) {
      xhrRef.current?.abort()
      setFile(null)
      setTitle('')
      setState({ kind: 'idle' })
    }
  }, [open])

  const panel = useRef<HTMLDivElement | null>(null)
  useModalFocus(open, panel, () => close())

  if (!open) return null

  const busy = state.kind === 'uploading' || state.kind === 'processing'

  function close() {
    xhrRef.current?.abort()
    onClose()
  }

  function choose(candidate: File | undefined | null) {
    if (!candidate) return
    const ext = candidate.name.split('.').pop()?.toLowerCase() || ''
    if (!ACCEPTED.includes(ext)) {
      setFile(null)
      setState({
        kind: 'error',
        code: 'BAD_REQUEST',
        message: 'Only PDF, Word (.docx), text (.txt) and Markdown (.md) files can be uploaded.',
      })
      return
    }
    if (candidate.size > MAX_BYTES) {
      setFile(null)
      setState({ kind: 'error', code: 'BAD_REQUEST', message: 'Files can be at most 20 MB.' })
      return
    }
    setFile(candidate)
    if (!title) setTitle(candidate.name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' '))
    setState({ kind: 'idle' })
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files?.[0])
  }

  async function upload() {
    if (!file) return
    await ensureCsrfCookie()
    const form = new FormData()
    form.append('file', file)
    if (title.trim()) form.append('title', title.trim())
    const xhr = new XMLHttpRequest()
    xhrRef.current = xhr
    xhr.open('POST', urlFor('api.documents.upload'))
    xhr.setRequestHeader('Accept', 'application/json')
    const progressToken = uploadToken()
    setToken(progressToken)
    xhr.setRequestHeader('X-Upload-Token', progressToken)
    const token = readCookie('XSRF-TOKEN')
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token)
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return
      const progress = Math.round((event.loaded / event.total) * 100)
      setState(progress >= 100 ? { kind: 'processing' } : { kind: 'uploading', progress })
    }
    xhr.upload.onload = () => setState({ kind: 'processing' })
    xhr.onload = () => {
      xhrRef.current = null
      let body: any = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status === 201 && body?.document) {
        setState({ kind: 'done', document: body.document })
        onUploaded?.(body.document)
        return
      }
      const failure = new ApiRequestError(
        xhr.status,
        body?.code
          ? body
          : { code: 'INTERNAL_SERVER_ERROR', message: 'The upload failed. Please try again.', status: xhr.status }
      )
      // Retrying helps after a server, network or time failure; a refused file (a scan, a limit) is refused again.
      const retryable =
        xhr.status >= 500 || xhr.status === 429 || xhr.status === 408 || body?.errors?.[0]?.rule === 'time'
      setState({
        kind: 'error',
        code: failure.code,
        message: errorMessage(failure),
        upgradeUrl: body?.upgrade_url,
        retryable,
      })
    }
    xhr.onerror = () => {
      xhrRef.current = null
      setState({
        kind: 'error',
        code: 'NETWORK_ERROR',
        message: 'Network error. Check your connection and try again.',
        retryable: true,
      })
    }
    xhr.onabort = () => {
      xhrRef.current = null
      setState({ kind: 'idle' })
    }
    setState({ kind: 'uploading', progress: 0 })
    xhr.send(form)
  }

  function cancel() {
    xhrRef.current?.abort()
  }

  return (
    <div
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4"
      onClick={(event) => event.target === event.currentTarget && !busy && close()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="upload-modal-title"
        className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl"
        data-testid="upload-modal"
      >
        <div className="flex items-start justify-between">
          <h2 id="upload-modal-title" className="text-lg font-semibold">
            Upload a document
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="-mt-1 -mr-2 inline-flex size-8 items-center justify-center rounded text-xl text-slate-500 hover:text-slate-900"
          >
            ×
          </button>
        </div>
        {unverified ? (
          <div className="mt-3">
            <VerificationBanner />
            <Banner tone="warning" className="mt-2">
              Verify your email address to upload documents.
            </Banner>
          </div>
        ) : null}

        {state.kind === 'done' ? (
          <div className="mt-4 space-y-4">
            <Banner tone="success" testId="upload-success">
              “{state.document.title}” is uploaded and ready.
            </Banner>
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setFile(null)
                  setTitle('')
                  setState({ kind: 'idle' })
                }}
              >
                Upload another
              </Button>
              <Button onClick={close}>Done</Button>
            </div>
          </div>
        ) : (
          <div className="mt-4 space-y-4">
            <UploadDropzone
              file={file}
              dragging={dragging}
              busy={busy}
              inputRef={inputRef}
              onDragging={setDragging}
              onDrop={onDrop}
              onChoose={choose}
            />
            <div>
              <label htmlFor="upload-title" className="block text-sm font-medium text-slate-700">
                Title (optional)
              </label>
              <input
                id="upload-title"
                value={title}
                maxLength={255}
                onChange={(event) => setTitle(event.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </div>

            <p
              className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700"
              data-testid="upload-visibility-default"
            >
              <span className="font-medium">Visible to: only you.</span> New uploads are private. You can publish a
              document to everyone later from My documents, and you will be asked first.
            </p>

            {state.kind === 'uploading' || state.kind === 'processing' ? (
              <UploadProgressBar state={state} reading={reading} />
            ) : null}

            {state.kind === 'error' ? <UploadErrorNotice state={state} file={file} onRetry={upload} /> : null}

            <div className="flex justify-end gap-2">
              {busy ? (
                <Button variant="secondary" onClick={cancel} disabled={state.kind === 'processing'}>
                  Cancel upload
                </Button>
              ) : (
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
              )}
              <Button
                onClick={upload}
                loading={busy}
                disabled={!file || busy || unverified}
                data-testid="upload-submit"
              >
                Upload
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
