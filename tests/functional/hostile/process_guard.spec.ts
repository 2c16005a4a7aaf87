import { test } from '@japa/runner'
import { uploadDocument } from '#tests/support/uploads'
import { Readable } from 'node:stream'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UploadStorage } from '#services/documents/upload_storage'
import ResponseGuardMiddleware from '#middleware/response_guard_middleware'
import { onUncaughtException, onUnhandledRejection, processIncidents } from '#start/process_guard'
import { aiGroup, aiUser } from '#tests/support/ai'

/** A storage whose read leaks a rejected promise nobody awaits: a bug inside a request. */
class LeakyStorage extends UploadStorage {
  async stream(_key: string) {
    void Promise.reject(new Error('leaked storage rejection'))
    return Readable.from([Buffer.from('partial body')])
  }
}

/** A storage whose read schedules a callback that throws: an exception no caller can catch. */
class ThrowingStorage extends UploadStorage {
  async stream(_key: string) {
    setImmediate(() => {
      throw new Error('leaked storage throw')
    })
    return Readable.from([Buffer.from('partial body')])
  }
}

/** Only the guard listens while `event` is provoked (the runner's own listener would fail the run). */
function onlyTheGuardListens(
  event: 'unhandledRejection' | 'uncaughtException',
  guard: (...args: any[]) => void,
  cleanup: (fn: () => void) => void
) {
  const others = process.listeners(event as any).filter((l) => l !== guard)
  for (const listener of others) process.off(event as any, listener as any)
  cleanup(() => {
    for (const listener of others)
      if (!process.listeners(event as any).includes(listener)) process.on(event as any, listener as any)
  })
}

async function waitFor<T>(read: () => T | undefined, ms = 2000) {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

test.group('Hostile I/O: the process guard (issue 23.1)', (group) => {
  aiGroup(group)

  test('{event} inside a request is recorded with its request id and the server keeps serving')
    .with([
      {
        event: 'unhandledRejection',
        guard: onUnhandledRejection,
        Storage: LeakyStorage,
        leak: 'leaked storage rejection',
      },
      {
        event: 'uncaughtException',
        guard: onUncaughtException,
        Storage: ThrowingStorage,
        leak: 'leaked storage throw',
      },
    ] as const)
    .run(async ({ client, assert, cleanup }, row) => {
      onlyTheGuardListens(row.event, row.guard, cleanup)
      const user = await aiUser()
      const upload = await uploadDocument(client, user, 'notes.txt')
      upload.assertStatus(201)
      app.container.swap(UploadStorage, () => new row.Storage())
      const download = await client
        .get(urlFor('api.my.documents.file', { id: upload.body().document.id }))
        .loginAs(user)
      if (row.event === 'unhandledRejection') download.assertStatus(200)
      const requestId = String(download.header('x-request-id'))
      assert.isNotEmpty(requestId)
      const incident = await waitFor(() => processIncidents.find((i) => (i.error as Error)?.message === row.leak))
      assert.exists(incident, `the guard saw the ${row.event}`)
      assert.equal(incident!.kind, row.event)
      assert.equal(incident!.requestId, requestId)
      processIncidents.splice(processIncidents.indexOf(incident!), 1)
      ;(await client.get('/api/health/live')).assertStatus(200)
    })

  test('a header Node cannot write becomes the contract 500, never a throw', async ({ assert }) => {
    const ctx = await testUtils.createHttpContext()
    const body = Readable.from([Buffer.from('secret')])
    await assert.rejects(
      () =>
        new ResponseGuardMiddleware().handle(ctx, async () => {
          ctx.response.header('Content-Disposition', 'attachment; filename="Лекция.txt"')
          ctx.response.stream(body)
        }),
      'Something went wrong. Please try again.'
    )
    assert.isUndefined(ctx.response.getHeader('Content-Disposition'))
    assert.isUndefined(ctx.response.lazyBody.stream)
    assert.isTrue(body.destroyed)
  })
})
