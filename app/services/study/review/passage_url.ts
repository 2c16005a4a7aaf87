/**
 * The address of a cited passage (docs/rules/study.md#review: `/documents/:slug?passage=<chunk_index>`).
 * The server's twin of `inertia/lib/passage_link.ts` (`passageHref`), for the review API's
 * `source_url`; both must build the same address.
 */
export function passageUrl(slug: string, chunkIndex: number): string {
  return `/documents/${encodeURIComponent(slug)}?passage=${chunkIndex}`
}
