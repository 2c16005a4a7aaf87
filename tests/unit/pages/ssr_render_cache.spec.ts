import { test } from '@japa/runner'
import { createRenderCache } from '../../../inertia/ssr_render_cache.js'

function counter() {
  const calls: unknown[] = []
  const render = async (page: unknown) => {
    calls.push(page)
    return { body: `<main>${JSON.stringify(page)}</main>`, head: [] as string[] }
  }
  return { calls, render }
}

test.group('SSR render cache', () => {
  test('an identical page object reuses the render; a changed prop renders again', async ({ assert }) => {
    const { calls, render } = counter()
    const cached = createRenderCache(render)
    const page = { component: 'catalog/documents_index', props: { items: [{ title: 'A' }] }, url: '/documents' }
    const first = await cached(page)
    const second = await cached(structuredClone(page))
    assert.deepEqual(second, first)
    assert.lengthOf(calls, 1)

    const changed = await cached({ ...page, props: { items: [{ title: 'B' }] } })
    assert.include(changed.body, '"B"')
    assert.lengthOf(calls, 2)
  })

  test('entries expire and the oldest is evicted past the bound', async ({ assert }) => {
    let clock = 0
    const { calls, render } = counter()
    const cached = createRenderCache(render, { maxEntries: 2, ttlMs: 1000, now: () => clock })
    await cached({ n: 1 })
    clock = 1500
    await cached({ n: 1 })
    assert.lengthOf(calls, 2, 'expired entry renders again')

    await cached({ n: 2 })
    await cached({ n: 3 })
    await cached({ n: 1 })
    assert.lengthOf(calls, 5, 'n=1 was evicted by n=2 and n=3')
    await cached({ n: 3 })
    assert.lengthOf(calls, 5, 'n=3 is still cached')
  })

  test('a failed render is not kept and large pages are never cached', async ({ assert }) => {
    let fail = true
    const calls: unknown[] = []
    const cached = createRenderCache(
      async (page: unknown) => {
        calls.push(page)
        if (fail) throw new Error('boom')
        return 'ok'
      },
      { maxKeyLength: 50 }
    )
    await assert.rejects(() => cached({ n: 1 }))
    fail = false
    assert.equal(await cached({ n: 1 }), 'ok')
    assert.lengthOf(calls, 2)

    const big = { text: 'x'.repeat(100) }
    await cached(big)
    await cached(big)
    assert.lengthOf(calls, 4)
  })
})
