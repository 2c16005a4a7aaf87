import { useId, useState } from 'react'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { useToast } from '~/components/toast'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'

type Visibility = 'public' | 'private'
type Target = { id: string; title: string; visibility: Visibility }

const LABELS: Record<Visibility, string> = { private: 'Only me', public: 'Everyone' }

/**
 * "Visible to: only me / everyone" for one of the owner's documents (issue 29). Publishing asks
 * first and says who will see what; every change is confirmed by a toast that offers Undo.
 */
export function VisibilityControl({
  document,
  onChanged,
}: {
  document: Target
  onChanged: (visibility: Visibility) => void
}) {
  const id = useId()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)

  async function apply(next: Visibility, offerUndo: boolean) {
    setBusy(true)
    try {
      await api(urlFor('api.my.documents.update', { id: document.id }), { method: 'PATCH', body: { visibility: next } })
      onChanged(next)
      const message =
        next === 'public'
          ? `“${document.title}” is now public: everyone can read it.`
          : `“${document.title}” is now private: only you can see it.`
      const previous: Visibility = next === 'public' ? 'private' : 'public'
      toast(
        'success',
        message,
        offerUndo ? { action: { label: 'Undo', onClick: () => apply(previous, false) } } : undefined
      )
    } catch (error) {
      toast('error', errorMessage(error))
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }

  function choose(next: Visibility) {
    if (next === document.visibility) return
    if (next === 'public') setAsking(true)
    else void apply('private', true)
  }

  return (
    <>
      <span className="inline-flex items-center gap-2 text-sm">
        <label htmlFor={id} className="text-slate-600">
          Visible to
        </label>
        <select
          id={id}
          value={document.visibility}
          disabled={busy}
          aria-busy={busy || undefined}
          onChange={(event) => choose(event.target.value as Visibility)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          data-testid="visibility-select"
        >
          <option value="private">{LABELS.private}</option>
          <option value="public">{LABELS.public}</option>
        </select>
      </span>
      <ConfirmDialog
        open={asking}
        title={`Publish “${document.title}”?`}
        confirmLabel="Publish to everyone"
        cancelLabel="Keep private"
        busy={busy}
        onConfirm={() => apply('public', true)}
        onCancel={() => setAsking(false)}
        testId="publish-confirm"
      >
        <p>Everyone will be able to read the full text, including visitors who are not signed in.</p>
        <p>It will appear in the catalog, in catalog search and in the sitemap for search engines.</p>
        <p>You can make it private again at any time; search engines may keep a copy for a while.</p>
      </ConfirmDialog>
    </>
  )
}
