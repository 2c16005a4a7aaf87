import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { api } from '#tests/support/http'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { getPage } from '#tests/support/page_object'
import { randomIp, resetThrottles } from '#tests/support/accounts'
import {
  Findings,
  acceptableTitle,
  containsValue,
  pageObjectOf,
  inBatches,
  label,
  naughtyEntries,
  titleForm,
} from '#tests/support/blns'

/*
| Every string of the Big List of Naughty Strings as a course title and description, a document
| title, a username, a sign-in or sign-up email and password, and a feature-flag name and
| description (admin): stored in the documented form or refused with the contract's 400 that
| writes nothing; a page showing the stored value renders it escaped; never 5xx.
*/
async function rows(table: string) {
  const row = await db.from(table).count('* as total').first()
  return Number(row.total)
}

test.group('Hostile input / naughty strings in the workspace, accounts and flags', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => resetThrottles())
  group.each.timeout(300_000)

  test('each string as a course title and description, then as a document title', async ({ client, assert }) => {
    const user = await createUser()
    const found = new Findings()
    const doc = await createDocument({ ownerId: user.id, visibility: 'private', title: 'Kept' })
    const courses: [number, string, string][] = []
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const before = await rows('courses')
      const created = await api(client, user).post(urlFor('api.my.courses.store'), { title: s, description: s })
      if (!found.answered(created, `${what} course`)) continue
      if (!acceptableTitle(s)) {
        found.contractError(created, `${what} course`)
        found.equal(await rows('courses'), before, `${what}: rows after a refused course`)
      } else if (found.equal(created.status(), 201, `${what} course`)) {
        found.equal(created.body().title, titleForm(s), `${what} course title`)
        courses.push([i, s, created.body().id])
      }
      const renamed = await api(client, user).patch(urlFor('api.my.documents.update', { id: doc.id }), { title: s })
      if (found.answered(renamed, `${what} document title`)) {
        found.equal(renamed.status() === 200, acceptableTitle(s, 255), `${what} document title accepted`)
      }
    }
    await inBatches(courses, 8, async ([i, s, id]) => {
      const what = label(i, s)
      const read = await client.get(urlFor('api.my.courses.show', { id })).loginAs(user)
      found.equal(read.status(), 200, `${what} course read`)
      found.equal(read.body().title, titleForm(s), `${what} course title read back`)
      found.equal(read.body().description ?? '', s.trim().normalize('NFC'), `${what} course description read back`)
    })
    const page = await getPage(client, urlFor('pages.workspace.my_courses'), user)
    found.check(page.status() === 200, `/my-courses answered ${page.status()}`)
    // The page lists one page of courses: each course it shows must be shown escaped and exact.
    const listed = courses.filter(([, v]) => containsValue(pageObjectOf(page.text()), titleForm(v)))
    found.check(listed.length > 0, '/my-courses shows none of the courses')
    for (const [i, s] of listed) found.pageShows(page, titleForm(s), `${label(i, s)} on /my-courses`)
    found.assertNone(assert)
  })

  test('each string as a username (profile) and as a sign-in email', async ({ client, assert }) => {
    const user = await createUser()
    const found = new Findings()
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const profile = await api(client, user).patch(urlFor('api.auth.profile.update'), { username: s })
      if (found.answered(profile, `${what} username`) && profile.status() === 200) {
        found.equal(profile.body().user.username, s.trim() === '' ? null : s.trim(), `${what} username`)
      }
      const login = await api(client)
        .post(urlFor('api.auth.login'), { email: s, password: 'correct-horse-1' })
        .header('x-forwarded-for', randomIp())
      if (found.answered(login, `${what} sign-in email`)) found.check(login.status() >= 400, `${what}: signed in`)
    }
    found.assertNone(assert)
  })

  test('each string as a sign-up email, password and username: refused with the contract 400 and no account', async ({
    client,
    assert,
  }) => {
    const found = new Findings()
    const before = await rows('users')
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const signup = await api(client)
        .post(urlFor('api.auth.signup'), { email: s, password: s, username: s })
        .header('x-forwarded-for', randomIp())
      if (found.answered(signup, `${what} sign-up`)) found.check(signup.status() >= 400, `${what}: sign-up accepted`)
    }
    found.equal(await rows('users'), before, 'accounts after the refused sign-ups')
    found.assertNone(assert)
  })

  test('each string as a flag name, description and address (admin): stored exactly or the contract 400', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const found = new Findings()
    for (const [i, s] of naughtyEntries()) {
      const what = label(i, s)
      const before = await rows('feature_flags')
      const named = await api(client, admin).post(urlFor('api.feature_flags.store'), { name: s })
      if (found.answered(named, `${what} flag name`)) {
        found.check(named.status() >= 400 || /^enable_/.test(s.trim()), `${what}: flag name accepted`)
        if (named.status() >= 400) found.equal(await rows('feature_flags'), before, `${what}: rows after a refusal`)
      }
      const described = await api(client, admin).post(urlFor('api.feature_flags.store'), {
        name: `enable_naughty_${i}`,
        description: s,
      })
      if (found.answered(described, `${what} flag description`) && found.equal(described.status(), 201, what)) {
        found.equal(described.body().description ?? '', s.trim(), `${what} flag description`)
      }
      const encoded = encodeURIComponent(s)
      if (s !== '') {
        for (const path of [`/api/feature-flags/status/${encoded}`, `/api/feature-flags/${encoded}/history`]) {
          const response = await client.get(path).loginAs(admin)
          found.answered(response, `${what} in ${path}`)
        }
      }
    }
    found.pageShows(await getPage(client, urlFor('pages.admin.flags'), admin), 'enable_naughty_0', '/admin/flags')
    found.assertNone(assert)
  })
})
