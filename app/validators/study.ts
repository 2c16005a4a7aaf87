import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { MAX_ROW_ID } from '#validators/request_input'
import { ROW_ID_PATTERN } from '#start/routes/matchers'

/** Spaced review (docs/rules/study.md#review "Study loop"). A row id: a whole number within the id column. */
const rowId = () => vine.number({ strict: true }).withoutDecimals().range([1, MAX_ROW_ID])
const rowIdParam = () => vine.number().withoutDecimals().range([1, MAX_ROW_ID])
/** A row id sent as a JSON number, or as a string of its digits. */
const rowIdOrDigits = () =>
  vine.union([
    vine.union.if((v) => typeof v === 'number', rowId()),
    vine.union.else(
      vine
        .string()
        .trim()
        .regex(ROW_ID_PATTERN)
        .transform((v) => Number(v))
    ),
  ])

/** `POST /api/study/review/:cardId` `{ rating: 1|2|3|4 }`: any other rating is a 400. */
export const reviewRatingValidator = vine.create(
  nullStrict({
    rating: vine.enum([1, 2, 3, 4] as const),
    params: nullStrict({ cardId: rowIdParam() }),
  })
)

/** `POST /api/study/cards` `{ trivia_session_id, index }`: a scored question of the student's game. */
export const triviaCardValidator = vine.create(
  nullStrict({
    trivia_session_id: rowIdOrDigits(),
    index: vine.number({ strict: true }).withoutDecimals().range([0, 49]),
  })
)

/** `PUT /api/study/sets/:setId/exam` `{ note_id | null }`: mark a set for a note's exam, or clear it. */
export const setExamValidator = vine.create(
  nullStrict({
    note_id: rowIdOrDigits().nullable(),
    params: nullStrict({ setId: rowIdParam() }),
  })
)
