import { BillingSettings } from '#services/billing/billing_settings'
import limiter from '@adonisjs/limiter/services/main'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { AiEngine } from '#services/ai/engine'
import { LocalEngine } from '#services/ai/local_engine'
import app from '@adonisjs/core/services/app'
import { EngineFactory } from '#services/ai/engine_factory'
import { scopeRanker } from '#services/ai/scope_ranking'
import { BIOLOGY_TEXT } from '#tests/support/ai_fixtures'
import { MockLanguageModelV4 } from 'ai/test'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import env from '#start/env'
import { fromProjectRoot } from '#start/project_root'
import { CreditsService } from '#services/billing/credits_service'
import { api } from '#tests/support/http'

export { BIOLOGY_TEXT, HISTORY_TEXT, buildPdf, buildZip, buildDocx } from '#tests/support/ai_fixtures'

type SignedIn = Parameters<ApiRequest['loginAs']>[0]

const ENGINE_METHODS = ['summarize', 'flashcards', 'answer', 'studyGuide', 'trivia', 'course'] as const

/** Engine wrapper that counts calls (docs/rules/ai.md#tools: "no model call"). */
export class SpyEngine {
  readonly name = 'spy'
  calls: string[] = []
  constructor(inner: AiEngine = new LocalEngine()) {
    for (const method of ENGINE_METHODS) {
      this[method] = (...args: any[]) => {
        this.calls.push(method)
        return (inner[method] as (...a: any[]) => any).apply(inner, args)
      }
    }
  }
}
export interface SpyEngine extends Pick<AiEngine, (typeof ENGINE_METHODS)[number]> {}

/** Swaps the engine the AI services get from the container; `null` restores the real one. */
export function useEngine(engine: AiEngine | null) {
  if (engine)
    app.container.swap(
      EngineFactory,
      () =>
        ({ create: () => engine, scopeRanker: () => scopeRanker(null, 60_000) }) as Pick<
          EngineFactory,
          'create' | 'scopeRanker'
        > as EngineFactory
    )
  else app.container.restore(EngineFactory)
}

/** Swaps in a `SpyEngine` over the local engine and returns it (`aiGroup` puts the real one back). */
export function spyOnEngine() {
  const spy = new SpyEngine()
  useEngine(spy)
  return spy
}

export async function resetAiLimiter() {
  await limiter.clear(['memory'])
}

/**
 * The usual AI test group: per test a rolled-back transaction, an empty AI limiter and the real
 * engine (a test may swap in its own; it is put back after the test).
 */
export function aiGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await resetAiLimiter()
    useEngine(null)
  })
  group.each.teardown(() => useEngine(null))
}

/** The tables an AI tool writes its result to (a failed generation leaves all of them empty). */
export const AI_RESULT_TABLES = [
  'ai_summaries',
  'ai_flashcard_sets',
  'ai_flashcards',
  'ai_study_guides',
  'ai_study_guide_sections',
  'ai_game_sessions',
]

export async function countRows(table: string, where: Record<string, unknown> = {}) {
  const row = await db.from(table).where(where).count('* as total').first()
  return Number(row?.total ?? 0)
}

/** A signed-in-ready user on a plan (pro by default) with the AI and upload flags on. */
export async function aiUser(options: { plan?: 'free' | 'pro' | 'plus'; verified?: boolean } = {}) {
  const { createUser } = await import('#tests/support/users')
  const { setFlag } = await import('#tests/support/flags')
  const { assignPlan } = await import('#services/billing/subscription_writer')
  const { PlanCatalog } = await import('#services/billing/plans')
  await setFlag('enable_ai_tools', true)
  await setFlag('enable_uploads', true)
  const user = await createUser({ verified: options.verified ?? true })
  await assignPlan(new PlanCatalog(), user.id, options.plan ?? 'pro')
  return user
}

/** A document owned by `ownerId` with chunks (and embeddings) from the text. */
export async function ownedDocument(
  ownerId: number | null,
  text = BIOLOGY_TEXT,
  overrides: Record<string, unknown> = {}
) {
  const { createDocument } = await import('#tests/support/catalog')
  const { chunkText } = await import('#services/documents/chunker')
  const { normalizeText } = await import('#services/ai/nlp')
  const document = await createDocument(
    { ownerId, visibility: 'private', title: 'Biology notes', ...overrides } as any,
    chunkText(normalizeText(text))
  )
  return document
}

/** A user from `aiUser(options)` (pro by default) owning one document of `text` (`ownedDocument`). */
export async function userWithDocument(
  text = BIOLOGY_TEXT,
  overrides: Record<string, unknown> = {},
  options: Parameters<typeof aiUser>[0] = {}
) {
  const user = await aiUser(options)
  const doc = await ownedDocument(user.id, text, overrides)
  return { user, doc }
}

/** POST /api/ai/tools/:toolId through `api()`: signed in as `user` (when given), CSRF token, JSON body. */
export function runTool(client: ApiClient, user: SignedIn | undefined, toolId: string, body?: unknown) {
  return api(client, user).post(urlFor('api.ai.tools.run', { toolId }), body)
}

/** GET a flashcard set's export in `format` (csv, anki, ...; none: the default) as `user`. */
export function exportSet(client: ApiClient, user: SignedIn, setId: string | number, format?: string) {
  const qs = format === undefined ? {} : { format }
  return client.get(urlFor('api.ai.flashcards.export', { setId }, { qs })).loginAs(user)
}

/** The AI credits the user has used in the current period. */
export async function creditsUsed(userId: number) {
  return (await new CreditsService(new BillingSettings()).summary(userId)).used
}

/** The uploaded files stored for the user (none when the folder does not exist). */
export async function storedFiles(userId: number) {
  const dir = fromProjectRoot(`${env.get('STORAGE_PATH') || 'storage'}/documents/${userId}`)
  return existsSync(dir) ? await readdir(dir) : []
}

/** A hosted model for tests (the `ai` SDK's mock): every generation answers `text`. */
export function mockModel(text: string) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 20, text: 20, reasoning: undefined },
      },
      warnings: [],
    }),
  })
}
