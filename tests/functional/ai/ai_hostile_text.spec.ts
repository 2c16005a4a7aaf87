import { test } from '@japa/runner'
import { createDocument } from '#tests/support/catalog'
import { aiGroup, aiUser, ownedDocument, runTool } from '#tests/support/ai'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** What may not start the text that a cut left out: the rest of a character. */
const CHARACTER_REST = /^[\p{M}\uDC00-\uDFFF\u200D\uFE0F]/u

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

test.group('AI tools: text nobody on the project wrote (docs/rules/ai.md#scope)', (group) => {
  aiGroup(group)

  test('a title cut to its column keeps whole characters (emoji in the document title)', async ({ client, assert }) => {
    const user = await aiUser()
    // 241 UTF-16 units: "Flashcards: " + title passes 250 in the middle of an emoji.
    const doc = await ownedDocument(user.id, undefined, { title: 'x' + '🌱'.repeat(120) })
    for (const tool of ['flashcards', 'study-guide']) {
      const response = await runTool(client, user, tool, { documentId: doc.id })
      response.assertStatus(201)
      assert.isAbove(response.body().title.length, 200)
      for (const text of strings(response.body())) assert.notMatch(text, LONE_SURROGATE)
    }
  })

  test('MAX_TOTAL_CHARACTERS never cuts a character in two (surrogate pair, combining mark)', async ({ assert }) => {
    const { resolveScope, maxTotalCharacters } = await import('#services/ai/scope_resolver')
    const user = await aiUser()
    // The second chunk gets `room` units: one and a half emoji, or "e" + accent + "t" + "e" without its accent.
    for (const [tail, room] of [
      ['🌱🌱 Plants grow toward light.', 3],
      ['e\u0301te\u0301 is summer in French.', 4],
    ] as const) {
      const filler = 'Plants grow. ' + 'a'.repeat(maxTotalCharacters() - 13 - room)
      const doc = await createDocument({ ownerId: user.id, visibility: 'private' } as any, [filler, tail])
      const { passages } = await resolveScope(user.id, { documentId: doc.id })
      const last = passages[passages.length - 1]
      assert.equal(last.chunk_index, 1)
      assert.isTrue(tail.startsWith(last.text))
      assert.isAbove(last.text.length, 0)
      assert.notMatch(last.text, LONE_SURROGATE)
      assert.notMatch(tail.slice(last.text.length), CHARACTER_REST)
    }
  })
})
