/**
 * PLACEHOLDER owned by the flags/ads work (issue 4). Usage (keep this API):
 *   <AdSlot placement="home" />  placements: home | courses_index | course_detail | document_detail
 * Renders only when every SPEC "Ad eligibility" rule holds; side or bottom areas only.
 */
export type AdPlacement = 'home' | 'courses_index' | 'course_detail' | 'document_detail'

export function AdSlot(_props: { placement: AdPlacement; className?: string }) {
  return null
}
