import { useRef, useState } from 'react'
import { Button } from '~/components/button'
import { Banner } from '~/components/banner'
import { api, errorMessage } from '~/lib/api'
import { urlFor } from '~/client'

type Props = {
  /** After an import changed the notes. */
  onImported: () => void
  onError: (message: string) => void
}

/** JSON Canvas export and import, and the private calendar address. */
export function CanvasToolbar({ onImported, onError }: Props) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [calendarUrl, setCalendarUrl] = useState<string | null>(null)

  async function exportCanvas() {
    try {
      const data = await api(urlFor('api.notes.canvas.export'))
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
      const a = document.createElement('a')
      a.href = URL.createObjectURL(blob)
      a.download = 'notes.canvas'
      a.click()
      URL.revokeObjectURL(a.href)
    } catch (err) {
      onError(errorMessage(err))
    }
  }

  async function importCanvas(file: File) {
    try {
      const parsed = JSON.parse(await file.text())
      await api(urlFor('api.notes.canvas.import'), { method: 'POST', body: parsed })
      onImported()
    } catch (err) {
      onError(err instanceof SyntaxError ? 'That file is not a JSON Canvas file.' : errorMessage(err))
    }
  }

  async function rotateCalendar() {
    if (calendarUrl && !window.confirm('Create a new calendar address? The old one stops working.')) return
    try {
      const result = await api<{ url: string }>(urlFor('api.notes.calendar.rotate'), { method: 'POST' })
      setCalendarUrl(result.url)
    } catch (err) {
      onError(errorMessage(err))
    }
  }

  return (
    <>
      <span className="ml-auto flex gap-2">
        <Button variant="secondary" onClick={exportCanvas}>
          Export JSON Canvas
        </Button>
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Import
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".canvas,application/json"
          className="hidden"
          onChange={(e) => e.target.files?.[0] && importCanvas(e.target.files[0])}
        />
        <Button variant="secondary" onClick={rotateCalendar}>
          {calendarUrl ? 'New calendar link' : 'Calendar link'}
        </Button>
      </span>
      {calendarUrl ? (
        <div className="w-full">
          <Banner tone="info">
            Subscribe to your deadlines from any calendar app (keep this address private):{' '}
            <code className="break-all">{calendarUrl}</code>
          </Banner>
        </div>
      ) : null}
    </>
  )
}
