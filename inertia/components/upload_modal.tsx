/**
 * PLACEHOLDER owned by the documents/AI work (issue 8): the upload modal (drag and drop,
 * progress, cancel, error and retry, the verification banner when unverified).
 * Usage: <UploadModal open={open} onClose={() => …} onUploaded={(document) => …} />
 */
export type UploadedDocument = { id: string; slug: string; title: string; ingest_status: string }

export function UploadModal(_props: { open: boolean; onClose: () => void; onUploaded?: (document: UploadedDocument) => void }) {
  return null
}
