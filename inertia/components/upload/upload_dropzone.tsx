import type { DragEvent, RefObject } from 'react'

function formatSize(bytes: number) {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

type Props = {
  file: File | null
  dragging: boolean
  busy: boolean
  inputRef: RefObject<HTMLInputElement | null>
  onDragging: (dragging: boolean) => void
  onDrop: (event: DragEvent<HTMLDivElement>) => void
  onChoose: (candidate: File | undefined | null) => void
}

/** The upload modal's drop zone: drag and drop a file, or click to pick one with the hidden file input. */
export function UploadDropzone({ file, dragging, busy, inputRef, onDragging, onDrop, onChoose }: Props) {
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault()
        onDragging(true)
      }}
      onDragLeave={() => onDragging(false)}
      onDrop={onDrop}
      onClick={() => !busy && inputRef.current?.click()}
      className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'}`}
      data-testid="upload-dropzone"
    >
      <p className="font-medium text-slate-700">{file ? file.name : 'Drag and drop a file here, or click to choose'}</p>
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
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </div>
  )
}
