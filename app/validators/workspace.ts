import vine from '@vinejs/vine'

export const updateMyDocumentValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(255).optional(),
  visibility: vine.enum(['public', 'private']).optional(),
  course_id: vine.number().withoutDecimals().positive().max(2_147_483_647).nullable().optional(),
})

export const updateMyCourseValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(200).optional(),
  description: vine.string().trim().maxLength(5000).nullable().optional(),
})
