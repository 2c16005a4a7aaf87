import vine from '@vinejs/vine'
import { nullStrict } from '#validators/nulls'
import { title } from '#validators/text'
import { DateTime } from 'luxon'
import { CARD_TEXT_MAX } from '#services/notes/canvas_card_text'

/**
 * Notes validators (docs/rules/notes.md#notes). Datetimes must carry an offset (Z or ±hh:mm, at
 * most ±23:59: luxon reads "+99:99" as 100 hours and would store another instant); canvas numbers
 * are strict finite numbers (strings, NaN and Infinity are refused).
 */
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const isoDateTime = () => vine.string().trim().regex(ISO_WITH_OFFSET).use(validDate())

/**
 * A real instant whose UTC year is 1..9999: `Date.parse` rolls Feb 30 over to March, and
 * luxon (which stores the value) refuses it, so an unreal date would reach the save as an
 * invalid DateTime (a 500); year 0 and five-digit UTC years are refused by PostgreSQL.
 */
const validDate = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const utc = DateTime.fromISO(value, { setZone: true }).toUTC()
  if (!utc.isValid || utc.year < 1 || utc.year > 9999) {
    field.report('The {{ field }} field must be a valid date', 'date', field)
  }
})

const validCalendarDate = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const [y, m, d] = value.split('-').map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    field.report('The {{ field }} field must be a valid date (YYYY-MM-DD)', 'date', field)
  }
})

export const canvasSchema = nullStrict({
  x: vine.number({ strict: true }).min(-100000).max(100000),
  y: vine.number({ strict: true }).min(-100000).max(100000),
  width: vine.number({ strict: true }).min(40).max(4000),
  height: vine.number({ strict: true }).min(40).max(4000),
  group_label: vine.string().trim().maxLength(60).nullable().optional(),
})

const targetType = () => vine.enum(['document', 'course', 'institution'] as const)

export const referenceSchema = nullStrict({
  target_type: targetType(),
  target_id: vine
    .union([
      vine.union.if((v) => typeof v === 'number', vine.number({ strict: true }).withoutDecimals().min(1)),
      vine.union.else(
        vine
          .string()
          .trim()
          .regex(/^\d{1,15}$/)
      ),
    ])
    .optional(),
  target_slug: vine.string().trim().minLength(1).maxLength(200).optional(),
  context: vine.string().maxLength(1000).nullable().optional(),
  date: vine.string().trim().regex(DATE_ONLY).use(validCalendarDate()).nullable().optional(),
  order: vine.number({ strict: true }).withoutDecimals().min(-1000000).max(1000000).optional(),
})

export const createNoteValidator = vine.create(
  nullStrict({
    title: title(200),
    body: vine.string().maxLength(50000).nullable().optional(),
    deadline_at: isoDateTime().nullable().optional(),
    reminder_at: isoDateTime().nullable().optional(),
    references: vine.array(referenceSchema).maxLength(100).optional(),
    canvas: canvasSchema.optional(),
  })
)

export const updateNoteValidator = vine.create(
  nullStrict({
    title: title(200).optional(),
    body: vine.string().maxLength(50000).nullable().optional(),
    status: vine.enum(['active', 'archived', 'deleted'] as const).optional(),
    deadline_at: isoDateTime().nullable().optional(),
    reminder_at: isoDateTime().nullable().optional(),
  })
)

export const createReferenceValidator = vine.create(referenceSchema)

export const updateReferenceValidator = vine.create(
  nullStrict({
    context: vine.string().maxLength(1000).nullable().optional(),
    order: vine.number({ strict: true }).withoutDecimals().min(-1000000).max(1000000).optional(),
    date: vine.string().trim().regex(DATE_ONLY).use(validCalendarDate()).nullable().optional(),
    status: vine.enum(['active', 'archived'] as const).optional(),
    archived: vine.boolean({ strict: true }).optional(),
  })
)

export const canvasValidator = vine.create(canvasSchema)

export const listNotesValidator = vine.create(
  nullStrict({
    page: vine.number().withoutDecimals().min(1).max(1000000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(100).optional(),
    q: vine.string().maxLength(200).optional(),
    status: vine.enum(['active', 'archived', 'deleted'] as const).optional(),
    has_deadline: vine.enum(['true', 'false'] as const).optional(),
    sort: vine
      .enum([
        'updated_at',
        '-updated_at',
        'created_at',
        '-created_at',
        'deadline_at',
        '-deadline_at',
        'title',
        '-title',
      ] as const)
      .optional(),
  })
)

/** JSON Canvas 1.0 import (https://jsoncanvas.org): only what we map is validated. */
export const canvasImportValidator = vine.create(
  nullStrict({
    nodes: vine
      .array(
        nullStrict({
          id: vine.string().maxLength(200),
          type: vine.string().maxLength(20),
          x: vine.number({ strict: true }),
          y: vine.number({ strict: true }),
          width: vine.number({ strict: true }),
          height: vine.number({ strict: true }),
          text: vine.string().maxLength(CARD_TEXT_MAX).optional(),
          label: vine.string().maxLength(200).optional(),
        }).allowUnknownProperties()
      )
      .maxLength(5000),
    edges: vine.array(vine.any()).optional(),
  })
)
