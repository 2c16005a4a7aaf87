/**
 * Text as a substring search compares it (notes `q`, the study library's `q`): NFKC, so "é" typed
 * composed or as "e" + U+0301 is one text (the catalog reads `q` the same way), then lowercased.
 */
export function searchable(text: string) {
  return text.normalize('NFKC').toLowerCase()
}
