/*
| Hardening helpers: the route list from the router itself, and a "world" in which user A
| owns one of every user-owned record (built through the real API where a route exists, so
| the records look exactly like production ones), plus user B (verified, pro) and an admin.
*/
import { randomBytes, randomUUID } from 'node:crypto'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import DocumentPurchase from '#models/document_purchase'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { createUser } from '#tests/support/users'
import { createCourse, createDocument, createInstitution } from '#tests/support/catalog'
import { setFlag } from '#tests/support/flags'
import { PRICE_PRO } from '#tests/support/billing'
import type { StripeTestServer } from '#tests/support/stripe_server'
import { BIOLOGY_TEXT } from '#tests/support/ai_fixtures'
import { chunkText } from '#services/documents/chunker'
import { normalizeText } from '#services/ai/nlp'

export type RouteInfo = {
  pattern: string
  method: string
  name: string | null
  params: string[]
  middleware: string[]
  admin: boolean
}

/** Every (route, method) the router knows, HEAD dropped (it mirrors GET). */
export function listRoutes(): RouteInfo[] {
  const out: RouteInfo[] = []
  const json = router.toJSON()
  for (const routes of Object.values(json)) {
    for (const route of routes) {
      const params = route.tokens.filter((t: any) => t.type === 1 || t.type === 3).map((t: any) => String(t.val))
      const middleware: string[] = []
      for (const m of (route.middleware as any).all() as Set<any>) {
        if (m && typeof m === 'object' && m.name) middleware.push(String(m.name))
      }
      const admin = middleware.includes('admin') || /(^|\/)admin(\/|$)/.test(route.pattern)
      for (const method of route.methods) {
        if (method === 'HEAD') continue
        out.push({ pattern: route.pattern, method, name: route.name ?? null, params, middleware, admin })
      }
    }
  }
  return out
}

export function fillPattern(pattern: string, values: Record<string, string>) {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, (_, name) => encodeURIComponent(values[name]))
}

export const marker = (label: string) => `ZZLEAK${label}${randomUUID().replace(/-/g, '').slice(0, 10)}`

export type World = Awaited<ReturnType<typeof buildWorld>>

async function expectCreated(response: any, what: string) {
  if (response.status() !== 201 && response.status() !== 200) {
    throw new Error(`could not create ${what} as user A: ${response.status()} ${response.text().slice(0, 300)}`)
  }
  return response.body()
}

/** A verified pro user with the AI/upload flags on (what the guarded routes need). */
export async function proUser(options: { role?: 'user' | 'admin' } = {}) {
  await setFlag('enable_ai_tools', true)
  await setFlag('enable_uploads', true)
  await setFlag('enable_ads', true)
  const user = await createUser({ verified: true, role: options.role ?? 'user' })
  await assignPlan(new PlanCatalog(), user.id, 'pro')
  return user
}

/**
 * User A owns: a private course (under a public institution) holding a private document
 * with chunks, a note with a reference and a canvas item, a calendar feed token, an AI
 * summary, flashcard set, study guide, trivia session and generated course, a paid
 * subscription with provider ids, and a document purchase. Every text A wrote carries a
 * unique marker so a leak is visible in any body (JSON or HTML).
 */
export async function buildWorld(client: ApiClient, options: { stripe?: StripeTestServer } = {}) {
  const a = await proUser()
  const b = await proUser()
  const admin = await proUser({ role: 'admin' })
  const m = {
    email: a.email,
    courseTitle: marker('CourseTitle'),
    courseSlug: marker('course-slug').toLowerCase(),
    docTitle: marker('DocTitle'),
    docSlug: marker('doc-slug').toLowerCase(),
    docText: marker('DocText'),
    noteTitle: marker('NoteTitle'),
    noteBody: marker('NoteBody'),
    refContext: marker('RefContext'),
    canvasLabel: marker('Canvas').slice(0, 40),
    customerId: `cus_${marker('Cust')}`,
    subscriptionId: `sub_${marker('Sub')}`,
    purchaseSession: `cs_${marker('Purchase')}`,
    topic: marker('Topic'),
  }

  const institution = await createInstitution()
  const course = await createCourse({
    ownerId: a.id,
    visibility: 'private',
    title: m.courseTitle,
    slug: m.courseSlug,
    institutionId: institution.id,
  } as any)
  const chunks = chunkText(normalizeText(`${m.docText}. ${BIOLOGY_TEXT}`))
  const document = await createDocument(
    {
      ownerId: a.id,
      visibility: 'private',
      title: m.docTitle,
      slug: m.docSlug,
      courseId: course.id,
      accessLevel: 'locked',
    } as any,
    chunks
  )
  // A public paid document A bought (the purchase row is A's).
  const paidDocument = await createDocument({ accessLevel: 'paid', price: 500, currency: 'usd' } as any, [
    'Paid text. '.repeat(20),
  ])
  const purchase = await DocumentPurchase.create({
    userId: a.id,
    documentId: paidDocument.id,
    paymentSessionId: m.purchaseSession,
    paymentIntentId: null,
    amount: 500,
    currency: 'usd',
  })

  // Subscription with provider references (known to the local Stripe server when one runs).
  options.stripe?.addSubscription({ id: m.subscriptionId, customer: m.customerId, priceId: PRICE_PRO, userId: a.id })
  await User.query().where('id', a.id).update({ payment_customer_id: m.customerId })
  await db
    .from('user_subscriptions')
    .where('user_id', a.id)
    .update({ payment_customer_id: m.customerId, payment_subscription_id: m.subscriptionId })

  // Notes through the API.
  const note = await expectCreated(
    await client.post('/api/notes').json({ title: m.noteTitle, body: m.noteBody }).loginAs(a).withCsrfToken(),
    'a note'
  )
  const reference = await expectCreated(
    await client
      .post(`/api/notes/${note.id}/references`)
      .json({ target_type: 'document', target_id: String(document.id), context: m.refContext })
      .loginAs(a)
      .withCsrfToken(),
    'a reference'
  )
  await expectCreated(
    await client
      .patch(`/api/notes/${note.id}/canvas`)
      .json({ x: 10, y: 20, width: 300, height: 200, group_label: m.canvasLabel })
      .loginAs(a)
      .withCsrfToken(),
    'a canvas item'
  )
  const calendar = await expectCreated(
    await client.post('/api/notes/calendar/rotate').loginAs(a).withCsrfToken(),
    'a calendar token'
  )

  // AI records through the API (the local engine runs in-process).
  const ai = async (tool: string, body: Record<string, unknown>) =>
    expectCreated(await client.post(`/api/ai/tools/${tool}`).json(body).loginAs(a).withCsrfToken(), `an AI ${tool}`)
  const summary = await ai('summary', { documentId: String(document.id) })
  const flashcards = await ai('flashcards', { documentId: String(document.id), count: 3 })
  const guide = await ai('study-guide', { scope: { document_ids: [String(document.id)] } })
  const trivia = await ai('trivia-game', { documentId: String(document.id), questionCount: 3 })
  // A's review card of that set (issue 27): review cards are made on the first review read.
  const next = await client.get('/api/study/review/next').loginAs(a)
  if (next.status() !== 200 || !next.body().card)
    throw new Error(`could not read A's review card: ${next.status()} ${next.text().slice(0, 300)}`)
  const studyCard = next.body().card as { id: string }
  const generated = await expectCreated(
    await client
      .post('/api/generated-courses')
      .json({ topic: m.topic, document_ids: [String(document.id)] })
      .loginAs(a)
      .withCsrfToken(),
    'a generated course'
  )

  // B's own rows (for mixed-ownership variants: B's note/course + A's child record).
  const bNote = await expectCreated(
    await client.post('/api/notes').json({ title: 'B note' }).loginAs(b).withCsrfToken(),
    'B note'
  )
  const bCourse = await createCourse({ ownerId: b.id, visibility: 'private', title: 'B course' } as any)

  // Markers of content A's records carry (beyond the ones chosen above).
  const leakMarkers = Object.values(m)
  const generatedTexts = [
    summary.summary,
    flashcards.cards?.[0]?.front,
    guide.sections?.[0]?.heading,
    trivia.questions?.[0]?.question,
    generated.title,
  ]
    .filter((v): v is string => typeof v === 'string' && v.length >= 24)
    // The generated texts come from A's private document: long enough to be unique.
    .map((v) => v.slice(0, 60))

  return {
    a,
    b,
    admin,
    m,
    leakMarkers,
    generatedTexts,
    institution,
    course,
    document,
    paidDocument,
    purchase,
    note,
    reference,
    calendar,
    summary,
    flashcards,
    guide,
    trivia,
    studyCard,
    generated,
    bNote,
    bCourse,
  }
}

export type Fill = { value: string; owned: boolean; bValue?: string }

/** Parameter name (optionally narrowed by route pattern) → a value taken from A's world. */
export function fillParam(name: string, route: RouteInfo, w: World): Fill | { skip: string } {
  const p = route.pattern
  switch (name) {
    case 'id':
      if (p.startsWith('/api/notes/') || p.startsWith('/notes/'))
        return { value: String(w.note.id), owned: true, bValue: String(w.bNote.id) }
      if (p.startsWith('/api/my/documents/')) return { value: String(w.document.id), owned: true }
      if (p.startsWith('/api/my/courses/'))
        return { value: String(w.course.id), owned: true, bValue: String(w.bCourse.id) }
      if (p.startsWith('/api/documents/')) return { value: String(w.document.id), owned: true }
      if (p.startsWith('/api/generated-courses/')) return { value: String(w.generated.id), owned: true }
      // The study library (issue 27): `:kind/:id`, filled with A's flashcard set.
      if (p.startsWith('/api/study/library/') || p.startsWith('/study/'))
        return { value: String(w.flashcards.id), owned: true }
      return { skip: `no owned record known for :id in ${p}` }
    case 'referenceId':
      return { value: String(w.reference.id), owned: true }
    case 'documentId':
      return { value: String(w.document.id), owned: true }
    case 'setId':
      return { value: String(w.flashcards.id), owned: true }
    case 'guideId':
      return { value: String(w.guide.id), owned: true }
    case 'sessionId':
      return { value: String(w.trivia.id), owned: true }
    case 'cardId':
      return { value: String(w.studyCard.id), owned: true }
    case 'chunkIndex':
    case 'chunk':
      return { value: '0', owned: false }
    case 'kind':
      if (p.startsWith('/api/study/library/') || p.startsWith('/study/')) return { value: 'flashcards', owned: true }
      return { value: 'documents', owned: false }
    case 'toolId':
      // The body names A's document (see bodyFor), so the call targets A's data.
      return { value: 'summary', owned: true }
    case 'name':
      return { value: 'enable_ads', owned: false }
    case 'token':
      // The calendar token is the credential: a forged one must never open a feed.
      return { value: `${randomBytes(24).toString('base64url')}.ics`, owned: true }
    case 'slug':
      if (/^\/(api\/)?courses\/:slug/.test(p)) return { value: w.course.slug, owned: true }
      if (/^\/(api\/)?documents\/:slug/.test(p)) return { value: w.document.slug, owned: true }
      if (/^\/(api\/)?institutions\/:slug/.test(p)) return { value: w.institution.slug, owned: false }
      if (p.startsWith('/ai/')) return { value: 'pdf-summarizer', owned: false }
      return { skip: `no record known for :slug in ${p}` }
    default:
      return { skip: `unknown parameter :${name}` }
  }
}
