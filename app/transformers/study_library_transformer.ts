import type { LibraryEntryJson, LibraryItemJson } from '#shared/api/study'

/** A library row as `GET /api/study/library` sends it: exactly docs/rules/study.md#review keys. */
export function libraryItemToJson(entry: LibraryEntryJson): LibraryItemJson {
  return {
    kind: entry.kind,
    id: entry.id,
    title: entry.title,
    document_ids: entry.document_ids,
    created_at: entry.created_at,
  }
}
