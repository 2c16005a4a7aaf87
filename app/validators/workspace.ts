import vine from '@vinejs/vine'
import { composed, title } from '#validators/text'
import { wholeNumber } from '#validators/numbers'
import { MAX_ROW_ID } from '#validators/request_input'

export const updateMyDocumentValidator = vine.create({
  title: title(255).optional(),
  visibility: vine.enum(['public', 'private']).optional(),
  course_id: wholeNumber(1, MAX_ROW_ID).nullable().optional(),
})

export const updateMyCourseValidator = vine.create({
  title: title(200).optional(),
  description: vine.string().trim().use(composed()).maxLength(5000).nullable().optional(),
})
