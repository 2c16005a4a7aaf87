import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { composed, title } from '#validators/text'

export type CatalogKind = 'institutions' | 'courses' | 'documents'

/**
 * docs/rules/catalog.md#lists "Catalog lists": the sort keys per kind (name for institutions, title otherwise).
 */
export const SORT_KEYS: Record<CatalogKind, string[]> = {
  institutions: ['name', 'updated_at', 'created_at'],
  courses: ['title', 'updated_at', 'created_at'],
  documents: ['title', 'updated_at', 'created_at'],
}

function sortValues(kind: CatalogKind) {
  return SORT_KEYS[kind].flatMap((key) => [key, `-${key}`])
}

/**
 * Longest `q` accepted: a long paste still answers 200 (its first words are searched, see
 * app/services/catalog/search_query.ts); beyond this it is not a search (400).
 */
export const MAX_Q_LENGTH = 2000

function listValidator(kind: CatalogKind) {
  return vine.create(
    nullStrict({
      page: vine.number().withoutDecimals().min(1).max(10_000_000).optional(),
      limit: vine.number().withoutDecimals().min(1).max(100).optional(),
      q: vine.string().trim().maxLength(MAX_Q_LENGTH).optional(),
      sort: vine.enum(sortValues(kind)).optional(),
    })
  )
}

/** `?page&limit&q&sort` of the public lists: default limit 20, at most 100 (more is 400). */
export const listValidators: Record<CatalogKind, ReturnType<typeof listValidator>> = {
  institutions: listValidator('institutions'),
  courses: listValidator('courses'),
  documents: listValidator('documents'),
}

/** Own lists: `?page&limit`. */
export const myListValidator = vine.create(
  nullStrict({
    page: vine.number().withoutDecimals().min(1).max(10_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(100).optional(),
  })
)

/** POST /api/my/courses { title, description? }. */
export const createMyCourseValidator = vine.create(
  nullStrict({
    title: title(200),
    description: vine.string().trim().use(composed()).maxLength(5000).optional().nullable(),
  })
)

/** GET /api/search/suggest?q= */
export const suggestValidator = vine.create(
  nullStrict({
    q: vine.string().trim().maxLength(MAX_Q_LENGTH).optional(),
  })
)
