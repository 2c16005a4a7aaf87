import vine from '@vinejs/vine'

/**
 * A title: trimmed, within `max` characters, and holding at least one visible character. Zero
 * width spaces, joiners, the BOM and soft hyphens do not count, so "\u200B\u200B" is empty.
 */
export const VISIBLE = /[^\s\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E\u034F]/u

export function title(max = 200) {
  return vine.string().trim().minLength(1).maxLength(max).regex(VISIBLE)
}
