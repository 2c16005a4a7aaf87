import type { RouteMatcher } from '@adonisjs/core/types/http'

/**
 * A row id in the address: 1..2147483647 (an `increments` column; MAX_ROW_ID) in plain
 * digits, cast to a number. Anything else matches no route (404), so an id the column cannot
 * hold never reaches a service or the database.
 */
export const ROW_ID_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

export const rowId = (): RouteMatcher => ({ match: ROW_ID_PATTERN, cast: (value: string) => Number(value) })

/** A route or route group whose named parameters must each be a row id (`rowId`). */
export function whereRowIds<Target extends { where(param: string, matcher: RouteMatcher): Target }>(
  target: Target,
  ...params: string[]
): Target {
  for (const param of params) target.where(param, rowId())
  return target
}
