import vine from '@vinejs/vine'

/** Decimal digits with an optional minus and surrounding spaces: how a form or a script spells a whole number. */
const DIGITS = /^\s*-?\d+\s*$/

/**
 * A whole number in a JSON body: a JSON number, or a string of its decimal digits ("3", " 3 ", "-1"), within
 * `min`..`max` (no upper bound when `max` is omitted). VineJS's lenient number reads anything `Number()` reads,
 * so `[3]`, `[[3]]`, `true`, `"0x3"` and `"3e0"` passed as 3 or 1; here they are 400 "must be a number".
 */
export function wholeNumber(min: number, max?: number) {
  const lenient = vine.number().withoutDecimals()
  return vine.union([
    vine.union.if(
      (value) => typeof value === 'number' || (typeof value === 'string' && DIGITS.test(value)),
      max === undefined ? lenient.min(min) : lenient.range([min, max])
    ),
    vine.union.else(vine.number({ strict: true })),
  ])
}
