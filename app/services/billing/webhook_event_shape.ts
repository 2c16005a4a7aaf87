const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An id Stripe sends as text, or as an expanded object carrying one; absent is fine. */
const idShaped = (value: unknown) =>
  value === undefined ||
  value === null ||
  typeof value === 'string' ||
  (isObject(value) && typeof value.id === 'string')

/** A Stripe list (`{ data: [...] }`) of objects, when present. */
function listOfObjects(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (!isObject(value)) return false
  if (value.data === undefined || value.data === null) return true
  return Array.isArray(value.data) && value.data.every(isObject)
}

/**
 * Whether a handled event's object has the shape processing reads: its `items` and `lines` are
 * lists of objects, and an item's price and plan are ids. A signed event that is not (`items.data`
 * a number, a price id an object) would fail every retry the same way, so it is refused (400) like
 * an event without its object, instead of being stored and answered 500.
 */
export function eventObjectIsWellFormed(object: Record<string, any>): boolean {
  if (!listOfObjects(object.items) || !listOfObjects(object.lines)) return false
  const items: unknown[] = object.items?.data ?? []
  return items.every((item: any) => idShaped(item.price) && idShaped(item.plan))
}
