import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { composed, title } from '#validators/text'
import { wholeNumber } from '#validators/numbers'
import { MAX_ROW_ID } from '#validators/request_input'

export const updateMyDocumentValidator = vine.create(
  nullStrict({
    title: title(255).optional(),
    visibility: vine.enum(['public', 'private']).optional(),
    course_id: wholeNumber(1, MAX_ROW_ID).optional().nullable(),
  })
)

export const updateMyCourseValidator = vine.create(
  nullStrict({
    title: title(200).optional(),
    description: vine.string().trim().use(composed()).maxLength(5000).nullable().optional(),
  })
)
