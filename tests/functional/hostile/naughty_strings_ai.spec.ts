import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { aiGroup, countRows, runTool, userWithDocument, AI_RESULT_TABLES } from '#tests/support/ai'
import { getPage } from '#tests/support/page_object'
import { Findings, inBatches, label, naughtyEntries } from '#tests/support/blns'

/*
| Every string of the Big List of Naughty Strings as an AI tool's text (the Q&A question, the
| trivia focus topic, a generated course's topic), as the Idempotency-Key header, as the study
| library's `q` and `kind`, and as the address of tools, results and pages: 2xx or the
| contract's 4xx (a refused request stores nothing), never 5xx. A fresh user every few strings
| keeps within the hourly AI throttle (20) and the plan's credits.
*/
const PER_USER = 15

async function usersFor(count: number) {
  const users = []
  for (let i = 0; i < Math.ceil(count / PER_USER); i++) users.push(await userWithDocument())
  return users
}

/** A header value as a raw client sends text: its UTF-8 bytes, read by Node as Latin-1. */
function headerValue(value: string) {
  const bytes = Buffer.from(value, 'utf8').toString('latin1')
  return /[^\t\x20-\x7e\x80-\xff]/.test(bytes) ? null : bytes
}

async function resultRows() {
  let total = 0
  for (const table of AI_RESULT_TABLES) total += await countRows(table)
  return total
}

test.group('Hostile input / naughty strings in the AI tools and the study library', (group) => {
  aiGroup(group)
  group.each.timeout(300_000)

  test('each string as the Q&A question, with itself as Idempotency-Key: 200 or the contract 400', async ({
    client,
    assert,
  }) => {
    const entries = naughtyEntries()
    const users = await usersFor(entries.length)
    const found = new Findings()
    for (const [n, [i, s]] of entries.entries()) {
      const what = label(i, s)
      const { user, doc } = users[Math.floor(n / PER_USER)]
      let request = runTool(client, user, 'qa', { documentId: String(doc.id), user_query: s })
      const key = headerValue(s)
      if (key !== null) request = request.header('idempotency-key', key)
      const response = await request
      if (found.answered(response, `${what} as question`) && response.status() < 400) {
        found.check(typeof response.body().answer === 'string', `${what}: no answer`)
      }
    }
    found.assertNone(assert)
  })

  test('each string as a trivia focus topic and a generated course topic: 201 or the contract 400', async ({
    client,
    assert,
  }) => {
    const entries = naughtyEntries()
    const users = await usersFor(entries.length * 2)
    const found = new Findings()
    for (const [n, [i, s]] of entries.entries()) {
      const what = label(i, s)
      const { user, doc } = users[Math.floor((2 * n) / PER_USER)]
      const before = await resultRows()
      const trivia = await runTool(client, user, 'trivia-game', { documentId: String(doc.id), focusTopic: s })
      if (found.answered(trivia, `${what} as focus topic`) && trivia.status() >= 400) {
        found.equal(await resultRows(), before, `${what}: rows after a refused trivia game`)
      }
      const course = await client
        .post(urlFor('api.ai.generatedCourses.store'))
        .json({ topic: s, document_ids: [String(doc.id)] })
        .loginAs(user)
        .withCsrfToken()
      found.answered(course, `${what} as course topic`)
    }
    found.assertNone(assert)
  })

  test('each string as a tool, result or page address and as the study library `q` and `kind`', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithDocument()
    const found = new Findings()
    await inBatches(
      naughtyEntries().filter(([, s]) => s !== ''),
      8,
      async ([i, s]) => {
        const what = label(i, s)
        const encoded = encodeURIComponent(s)
        for (const path of [
          `/api/generated-courses/${encoded}`,
          `/api/ai/tools/flashcards/sets/${encoded}`,
          `/api/ai/tools/trivia-game/${encoded}`,
          `/api/study/library?${new URLSearchParams({ q: s })}`,
          `/api/study/library?${new URLSearchParams({ kind: s })}`,
        ]) {
          found.answered(await client.get(path).loginAs(user), `${what} in ${path}`)
        }
        found.answered(await runTool(client, user, encoded, {}), `${what} as toolId`)
        for (const path of [`/ai/${encoded}`, `/study/${encoded}/1`, `/study/summary/${encoded}`]) {
          const page = await getPage(client, path, user)
          found.check(page.status() >= 400 && page.status() < 500, `${what} in ${path}: ${page.status()}`)
        }
      }
    )
    found.assertNone(assert)
  })
})
