import vine from '@vinejs/vine'
import { composed, title } from '#validators/text'

export const updateMyDocumentValidator = vine.create({
  title: title(255).optional(),
  visibility: vine.enum(['public', 'private']).optional(),
  course_id: vine.number().withoutDecimals().positive().max(2_147_483_647).nullable().optional(),
})

export const updateMyCourseValidator = vine.create({
  title: title(200).optional(),
  description: vine.string().trim().use(composed()).maxLength(5000).nullable().optional(),
})
