import { test } from '@japa/runner'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import { api, assertErrorBody } from '#tests/support/http'
import { accountsGroup, fakeMail, logIn, randomIp, PASSWORD } from '#tests/support/accounts'

/*
| Email addresses nobody on the project typed: characters that draw nothing (a zero-width space,
| a bidi override) make a second account that looks like the first, and "é" typed as "e" + U+0301
| (NFD, as some keyboards and pasted text give it) is the address typed as "é" (NFC).
*/
test.group('Hostile input / email addresses', (group) => {
  accountsGroup(group, { mail: true })

  const signUp = (client: any, email: string) =>
    api(client).post(urlFor('api.auth.signup'), { email, password: PASSWORD }).header('x-forwarded-for', randomIp())

  test('an address holding invisible or control characters is 400 and creates no user', async ({ client, assert }) => {
    const before = await User.query().count('* as n').first()
    for (const email of [
      'twin@example.com\u200B',
      '\u202Etwin@example.com',
      'tw\u200Din@example.com',
      'twin\u2060@example.com',
      'twin@exam\u00ADple.com',
      'twin\u0007@example.com',
    ]) {
      const response = await signUp(client, email)
      assertErrorBody(assert, response, 400, 'BAD_REQUEST')
      assert.equal(response.body().errors?.[0]?.field, 'email', JSON.stringify(email))
    }
    const after = await User.query().count('* as n').first()
    assert.equal(Number(after!.$extras.n), Number(before!.$extras.n))
  })

  test('the NFD spelling of a taken address is the same address: 409, one user', async ({ client, assert }) => {
    const first = await signUp(client, 'Jos\u00E9@Example.com')
    first.assertStatus(201)
    assert.equal(first.body().user.email, 'jos\u00E9@example.com')
    const twin = await signUp(client, 'Jose\u0301@example.com')
    assertErrorBody(assert, twin, 409, 'CONFLICT')
    const rows = await User.query().whereILike('email', 'jos%@example.com')
    assert.lengthOf(rows, 1)
  })

  test('an address typed NFD is stored NFC, and signs in typed either way', async ({ client, assert }) => {
    const created = await signUp(client, 'Rene\u0301@example.com')
    created.assertStatus(201)
    assert.equal(created.body().user.email, 'ren\u00E9@example.com')
    for (const email of ['ren\u00E9@example.com', 'RENE\u0301@example.com']) {
      const login = await logIn(client, email, PASSWORD)
      login.assertStatus(200)
      assert.equal(login.body().user.email, 'ren\u00E9@example.com')
    }
    const mails = fakeMail()
    const forgot = await api(client).post(urlFor('api.auth.forgot_password'), { email: 'rene\u0301@example.com' })
    forgot.assertStatus(202)
    assert.lengthOf(mails.resetTokens('ren\u00E9@example.com'), 1)
    mails.restore()
  })
})
