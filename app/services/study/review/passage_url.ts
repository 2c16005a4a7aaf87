/**
 * The address of a cited passage (CONTRACT 15: `/documents/:slug?passage=<chunk_index>`).
 * A small local helper on purpose: the library branch builds the same link, unified at merge.
 */
export function passageUrl(slug: string, chunkIndex: number): string {
  return `/documents/${encodeURIComponent(slug)}?passage=${chunkIndex}`
}
