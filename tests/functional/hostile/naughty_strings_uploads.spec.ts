import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { ApiClient } from '@japa/api-client'
import { swapSettings } from '#tests/support/settings'
import { ThrottleSettings } from '#services/infra/throttle_settings'
import { aiGroup, aiUser, BIOLOGY_TEXT } from '#tests/support/ai'
import { getPage } from '#tests/support/page_object'
import { hasVisibleCharacter } from '#services/infra/visible_text'
import {
  Findings,
  acceptableTitle,
  containsValue,
  label,
  naughtyEntries,
  pageObjectOf,
  titleForm,
} from '#tests/support/blns'

type User = Awaited<ReturnType<typeof aiUser>>

/*
| Every string of the Big List of Naughty Strings as an upload's `title` form field and as the
| uploaded file's name: 201 with the title in its documented form (trimmed, one line, NFC; the
| file's name when nothing visible is given) or the contract's 400 that stores nothing; never a
| 5xx; the stored name holds no control or bidi character; the documents page renders it.
*/
const upload = (client: ApiClient, user: User, filename: string, fields: Record<string, string> = {}) => {
  let request = client
    .post(urlFor('api.documents.upload'))
    .file('file', Buffer.from(BIOLOGY_TEXT), { filepath: filename } as unknown as { filename: string })
  for (const [field, value] of Object.entries(fields)) request = request.field(field, value)
  return request.loginAs(user).withCsrfToken()
}

const documentsOf = async (userId: number) =>
  Number((await db.from('documents').where('owner_id', userId).count('* as total').first()).total)

const UNSAFE_NAME = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C/\\]/u

test.group('Hostile input / naughty strings in uploads', (group) => {
  aiGroup(group)
  group.each.timeout(300_000)
  group.each.setup(() => swapSettings(ThrottleSettings, { uploadsPerHour: 100_000 }))

  test('each string as the `title` field: stored in the title form, else the file name; never 5xx', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const found = new Findings()
    const shown: [number, string, string][] = []
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const before = await documentsOf(user.id)
      const response = await upload(client, user, 'Biology notes.txt', { title: s })
      if (!found.answered(response, `${what} title`)) continue
      if (response.status() >= 400) {
        found.equal(await documentsOf(user.id), before, `${what}: rows after a refused upload`)
        found.check(s.trim().length > 255, `${what}: refused (${response.body().message})`)
        continue
      }
      const expected = acceptableTitle(s, 255) ? titleForm(s) : 'Biology notes'
      found.equal(response.body().document.title, expected, `${what} title`)
      if (acceptableTitle(s, 255)) shown.push([i, s, expected])
    }
    const page = await getPage(client, urlFor('pages.workspace.my_documents'), user)
    found.check(page.status() === 200, `/my-documents answered ${page.status()}`)
    // The page lists one page of documents: each title it shows is shown exact and escaped.
    const listed = shown.filter(([, , title]) => containsValue(pageObjectOf(page.text()), title))
    found.check(listed.length > 0, '/my-documents shows none of the uploads')
    for (const [i, s, title] of listed) found.pageShows(page, title, `${label(i, s)} on /my-documents`)
    found.assertNone(assert)
  })

  test('each string as the file name: a clean stored name and title, or the contract 400; never 5xx', async ({
    client,
    assert,
  }) => {
    const user = await aiUser()
    const found = new Findings()
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const before = await documentsOf(user.id)
      const response = await upload(client, user, `${s}.txt`)
      if (!found.answered(response, `${what} file name`)) continue
      if (response.status() >= 400) {
        found.equal(await documentsOf(user.id), before, `${what}: rows after a refused upload`)
        continue
      }
      const row = await db.from('documents').where('id', response.body().document.id).first()
      found.check(row.file_name.length <= 255 && row.file_name.isWellFormed(), `${what}: stored name ${row.file_name}`)
      found.check(!UNSAFE_NAME.test(row.file_name), `${what}: unsafe stored name ${JSON.stringify(row.file_name)}`)
      found.check(hasVisibleCharacter(row.title), `${what}: invisible title ${JSON.stringify(row.title)}`)
      found.check(!/[\n\r\u2028\u2029]/.test(row.title), `${what}: a title on two lines ${JSON.stringify(row.title)}`)
      if (i % 10 === 0) {
        const file = await client.get(urlFor('api.my.documents.file', { id: row.id })).loginAs(user)
        found.check(file.status() === 200, `${what}: download answered ${file.status()}`)
      }
    }
    found.check((await getPage(client, urlFor('pages.workspace.my_documents'), user)).status() === 200, '/my-documents')
    found.assertNone(assert)
  })
})
