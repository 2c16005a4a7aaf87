import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { VerificationBanner } from '~/components/verification_banner'
import { ApiRequestError, ensureCsrfCookie, errorMessage } from '~/lib/api'
import { useShared } from '~/lib/page_props'
import { urlFor } from '~/client'
import { readingLabel, uploadToken, useReadingProgress } from '~/components/upload_progress'

/**
 * The upload modal (issue 8): drag and drop or pick a file, progress (XMLHttpRequest upload
 * progress, X-XSRF-TOKEN from the XSRF-TOKEN cookie), cancel, error and retry states, the
 * verification banner when the email is not verified and an upgrade prompt at the free limit.
 * Usage: <UploadModal open={open} onClose={() => …} onUploaded={(document) => …} />
 */
export type UploadedDocument = { id: string; slug: string; title: string; ingest_status: string }

const ACCEPTED = ['pdf', 'txt', 'md', 'docx']
const MAX_BYTES = 20 * 1024 * 1024

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'processing' }
  | { kind: 'error'; message: string; code: string; upgradeUrl?: string; retryable?: boolean }
  | { kind: 'done'; document: UploadedDocument }

function readCookie(name: string) {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

function formatSize(bytes: number) {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

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

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

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
          <button type="button" onClick={close} aria-label="Close" className="text-slate-500 hover:text-slate-900">
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
            <div
              onDragOver={(event) => {
                event.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              onClick={() => !busy && inputRef.current?.click()}
              className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'}`}
              data-testid="upload-dropzone"
            >
              <p className="font-medium text-slate-700">
                {file ? file.name : 'Drag and drop a file here, or click to choose'}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {file ? formatSize(file.size) : 'PDF, DOCX, TXT or MD — up to 20 MB'}
              </p>
              <input
                ref={inputRef}
                type="file"
                name="file"
                aria-label="Document file"
                accept=".pdf,.txt,.md,.docx,application/pdf,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                className="sr-only"
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </div>
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
              <div>
                <div className="flex justify-between text-xs text-slate-600">
                  <span data-testid="upload-stage" aria-live="polite">
                    {state.kind === 'processing' ? readingLabel(reading) : 'Uploading…'}
                  </span>
                  <span>{state.kind === 'processing' ? '100%' : `${state.progress}%`}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={state.kind === 'processing' ? 100 : state.progress}
                  className="mt-1 h-2 overflow-hidden rounded bg-slate-200"
                >
                  <div
                    className="h-full bg-indigo-600 transition-all"
                    style={{ width: `${state.kind === 'processing' ? 100 : state.progress}%` }}
                  />
                </div>
              </div>
            ) : null}

            {state.kind === 'error' ? (
              state.code === 'EMAIL_NOT_VERIFIED' ? (
                <VerificationBanner />
              ) : (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                  data-testid="upload-error"
                >
                  <p>{state.message}</p>
                  {state.upgradeUrl ? (
                    <a href={state.upgradeUrl} className="mt-1 inline-block font-semibold underline">
                      See plans and upgrade
                    </a>
                  ) : file && state.retryable ? (
                    <Button variant="secondary" className="mt-2" onClick={upload}>
                      Try again
                    </Button>
                  ) : null}
                </div>
              )
            ) : null}

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
