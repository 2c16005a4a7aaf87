import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { wholeNumber } from '#validators/numbers'

/** Ids are checked (positive integers, as number or string) by the scope resolver. */
const id = () => vine.any()

const scope = nullStrict({
  document_ids: vine.array(id()).maxLength(50).optional(),
  course_id: id().nullable().optional(),
}).optional()

/**
 * Text a person can see: a letter, digit, symbol (emoji count) or punctuation. A question or topic of zero-width
 * characters or lone combining marks is empty, whatever its length after trimming.
 */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u

const base = {
  documentId: id().optional(),
  scope,
}

export const summaryValidator = vine.create(nullStrict({ ...base }))

export const flashcardsValidator = vine.create(nullStrict({ ...base, count: wholeNumber(1, 50).optional() }))

export const qaValidator = vine.create(
  nullStrict({ ...base, user_query: vine.string().trim().minLength(1).maxLength(2000).regex(VISIBLE) })
)

export const studyGuideValidator = vine.create(nullStrict({ ...base }))

export const triviaValidator = vine.create(
  nullStrict({
    ...base,
    questionCount: wholeNumber(1, 20).optional(),
    difficulty: vine.enum(['easy', 'medium', 'hard'] as const).optional(),
    focusTopic: vine.string().trim().maxLength(200).nullable().optional(),
  })
)

export const triviaSubmitValidator = vine.create(nullStrict({ answers: vine.array(wholeNumber(-1)).maxLength(50) }))

export const generatedCourseValidator = vine.create(
  nullStrict({
    topic: vine.string().trim().minLength(2).maxLength(200).regex(VISIBLE),
    level: vine.enum(['beginner', 'intermediate', 'advanced'] as const).optional(),
    document_ids: vine.array(id()).maxLength(20).optional(),
  })
)

export const uploadFieldsValidator = vine.create(
  nullStrict({
    title: vine.string().trim().maxLength(255).nullable().optional(),
    course_id: vine.string().trim().regex(/^\d+$/).nullable().optional(),
    visibility: vine
      .enum(['public', 'private'] as const)
      .nullable()
      .optional(),
    /** Header X-Upload-Token: the browser's name for the upload, to poll its progress. */
    progress_token: vine.string().trim().uuid().nullable().optional(),
  })
)

export const uploadProgressValidator = vine.create(nullStrict({ token: vine.string().trim().uuid() }))

export const exportValidator = vine.create(nullStrict({ format: vine.enum(['csv', 'anki'] as const).optional() }))
