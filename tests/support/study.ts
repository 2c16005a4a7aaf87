import app from '@adonisjs/core/services/app'
import { StudyClock } from '#services/study/review/study_clock'
import { aiUser, ownedDocument } from '#tests/support/ai'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** A clock the review services read; `advance` moves it. Restored by `restoreStudyClock`. */
export class FixedStudyClock extends StudyClock {
  constructor(public at: Date) {
    super()
  }
  now() {
    return new Date(this.at)
  }
  advance(seconds: number) {
    this.at = new Date(this.at.getTime() + seconds * 1000)
  }
}

export function useStudyClock(at: Date) {
  const clock = new FixedStudyClock(at)
  app.container.swap(StudyClock, () => clock)
  return clock
}

export function restoreStudyClock() {
  app.container.restore(StudyClock)
}

/** A pro user with a document and a flashcard set of `count` cards made through the API. */
export async function userWithFlashcards(client: any, count = 4) {
  const user = await aiUser()
  const doc = await ownedDocument(user.id)
  const response = await client
    .post(urlFor('api.ai.tools.run', { toolId: 'flashcards' }))
    .json({ scope: { document_ids: [doc.id] }, count })
    .loginAs(user)
    .withCsrfToken()
  response.assertStatus(201)
  return { user, doc, set: response.body() as { id: string; cards: { id: string; front: string; back: string }[] } }
}
