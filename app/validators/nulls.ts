import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

type Properties = Parameters<typeof vine.object>[0]

/** A compiled property as `VineValidator#toJSON()` describes it (only what is read here). */
type Flags = { allowNull?: boolean; isOptional?: boolean }
type PropertyNode = Flags & { propertyName: string; type: string; conditions?: { schema: Flags }[] }

/**
 * The properties that may be left out but do not take `null`: `.optional()` without `.nullable()`, on a
 * plain schema or a union (whose `.optional()` and `.nullable()` add a branch each). A required property
 * needs no help (VineJS answers null there with "must be defined"). Read from the compiled schema, so the
 * list cannot drift from the declarations.
 */
function optionalNotNullable(properties: Properties): string[] {
  const root = vine.create(vine.object(properties)).toJSON().schema as unknown as {
    schema: { properties: PropertyNode[] }
  }
  return root.schema.properties.filter((node) => refusesNull(node)).map((node) => node.propertyName)
}

function refusesNull(node: PropertyNode): boolean {
  if (node.type !== 'union') return Boolean(node.isOptional) && !node.allowNull
  // A union tries its branches in order: the first that takes null decides what null means.
  const branches = (node.conditions ?? []).map((branch) => branch.schema)
  const first = branches.find((branch) => branch.isOptional || branch.allowNull)
  if (first && !first.allowNull && branches.some((branch) => branch.allowNull)) {
    throw new Error(`${node.propertyName}: write .optional().nullable() on a union (.nullable().optional() drops null)`)
  }
  return Boolean(first) && !first!.allowNull
}

export const NULL_MESSAGE = 'The {{ field }} field cannot be null'

/** Reports every key of the raw object that holds null where its schema does not take null. */
const refuseNull = vine.createRule((value, options: { keys: string[] }, field) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return
  const parentPath = field.getFieldPath()
  for (const key of options.keys) {
    if ((value as Record<string, unknown>)[key] !== null) continue
    const path = parentPath ? `${parentPath}.${key}` : key
    const child: FieldContext = {
      ...field,
      value: null,
      name: key,
      wildCardPath: field.wildCardPath ? `${field.wildCardPath}.${key}` : key,
      isArrayMember: false,
      getFieldPath: () => path,
    }
    field.report(NULL_MESSAGE, 'notNull', child)
  }
})

/**
 * `vine.object(properties)` that answers 400 to an explicit `null` for a property not declared
 * `.nullable()` (docs/rules/hardening.md#error-body). VineJS's `.optional()` reads null as "left out", so
 * `PATCH /api/notes/:id { "title": null }` kept the title and answered 200. Object-level rules run on the
 * raw input before the properties are validated, so they still see the null keys.
 */
export function nullStrict<P extends Properties>(properties: P) {
  return vine.object(properties).use(refuseNull({ keys: optionalNotNullable(properties) }))
}
