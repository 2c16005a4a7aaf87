import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import DocumentPurchase from '#models/document_purchase'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { seedCatalog, subscribeLocally } from '#tests/support/billing'
import { urlFor } from '@adonisjs/core/services/url_builder'

const chunks = [
  'Entropy measures disorder. It always grows in an isolated system.',
  'The second chunk is for readers with access.',
]
const fullText = chunks.join('\n\n')

async function read(client: any, slug: string, user: any) {
  const response = await client.get(urlFor('api.documents.show', { slug })).loginAs(user)
  response.assertStatus(200)
  return response.body()
}

test.group('Catalog API / paid plans and purchases (CONTRACT 13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => seedCatalog())

  test('paid: the full text for a buyer; premium stays a preview for a buyer', async ({ client, assert }) => {
    const buyer = await createUser()
    const paid = await createDocument({ accessLevel: 'paid' }, chunks)
    const premium = await createDocument({ accessLevel: 'premium' }, chunks)
    for (const document of [paid, premium]) {
      await DocumentPurchase.create({
        userId: buyer.id,
        documentId: document.id,
        paymentSessionId: null,
        paymentIntentId: null,
        amount: 500,
        currency: 'usd',
      })
    }
    const paidBody = await read(client, paid.slug, buyer)
    assert.isTrue(paidBody.can_read_full)
    assert.equal(paidBody.text, fullText)
    const premiumBody = await read(client, premium.slug, buyer)
    assert.isFalse(premiumBody.can_read_full)
    assert.notProperty(premiumBody, 'text')
    assert.isString(premiumBody.preview)
  })

  test('paid and premium: full text for active pro and plus; locked is metadata only', async ({ client, assert }) => {
    const paid = await createDocument({ accessLevel: 'paid' }, chunks)
    const premium = await createDocument({ accessLevel: 'premium' }, chunks)
    const locked = await createDocument({ accessLevel: 'locked' }, chunks)
    for (const plan of ['pro', 'plus'] as const) {
      const user = await createUser()
      await subscribeLocally(user, { plan })
      for (const document of [paid, premium]) {
        const body = await read(client, document.slug, user)
        assert.isTrue(body.can_read_full, `${plan} ${document.accessLevel}`)
        assert.equal(body.text, fullText)
      }
      const lockedBody = await read(client, locked.slug, user)
      assert.isFalse(lockedBody.can_read_full)
      assert.notProperty(lockedBody, 'text')
      assert.notProperty(lockedBody, 'preview')
    }
  })

  test('a pro plan that is not active (past_due, canceled) reads previews only', async ({ client, assert }) => {
    const premium = await createDocument({ accessLevel: 'premium' }, chunks)
    for (const status of ['past_due', 'canceled'] as const) {
      const user = await createUser()
      await subscribeLocally(user, { plan: 'pro', status })
      const body = await read(client, premium.slug, user)
      assert.isFalse(body.can_read_full, status)
      assert.notProperty(body, 'text')
      assert.isString(body.preview)
    }
  })
})
