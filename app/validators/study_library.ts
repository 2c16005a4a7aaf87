import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { LIBRARY_KINDS } from '#shared/api/study'

/** `GET /api/study/library?kind&q&page&limit` (docs/rules/study.md#review): limit at most 100, more is 400. */
export const libraryQueryValidator = vine.create(
  nullStrict({
    kind: vine.enum(LIBRARY_KINDS).optional(),
    q: vine.string().trim().maxLength(200).optional(),
    page: vine.number().withoutDecimals().min(1).max(10_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(100).optional(),
  })
)

/** `/study/:kind/:id` and `DELETE /api/study/library/:kind/:id`. */
export const libraryItemValidator = vine.create(
  nullStrict({
    kind: vine.enum(LIBRARY_KINDS),
    id: vine.number().withoutDecimals().min(1).max(2_147_483_647),
  })
)
