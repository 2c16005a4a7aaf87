import vine from '@vinejs/vine'

export const updateMyDocumentValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(255).optional(),
  visibility: vine.enum(['public', 'private']).optional(),
  course_id: vine.number().withoutDecimals().positive().nullable().optional(),
})

export const updateMyCourseValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(255).optional(),
  description: vine.string().trim().maxLength(5000).nullable().optional(),
})

export const onboardingValidator = vine.create({
  institution_slug: vine.string().trim().maxLength(200).optional(),
  course_slugs: vine.array(vine.string().trim().maxLength(200)).maxLength(20).optional(),
})
