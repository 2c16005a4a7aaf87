/**
 * PLACEHOLDER owned by the notes work (issue 7). Usage (keep this API):
 *   <AddToNotes targetType="document" targetId="12" targetSlug="intro-to-x" targetTitle="Intro to X" />
 * Quick-add on document, course and institution detail pages.
 */
export type AddToNotesProps = {
  targetType: 'document' | 'course' | 'institution'
  targetId: string
  targetSlug: string
  targetTitle: string
}

export function AddToNotes(_props: AddToNotesProps) {
  return null
}
