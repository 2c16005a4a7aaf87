import Institution from '#models/institution'
import Course from '#models/course'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import { randomUUID } from 'node:crypto'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'

const suffix = () => randomUUID().slice(0, 8)

export async function createInstitution(overrides: Partial<Institution> = {}) {
  const s = suffix()
  return Institution.create({
    slug: `inst-${s}`,
    name: `Institution ${s}`,
    description: null,
    city: 'Springfield',
    country: 'US',
    visibility: 'public',
    ...overrides,
  })
}

export async function createCourse(overrides: Partial<Course> = {}) {
  const s = suffix()
  return Course.create({
    slug: `course-${s}`,
    code: `C-${s}`,
    title: `Course ${s}`,
    description: null,
    visibility: 'public',
    ...overrides,
  })
}

/** A document with text chunks (so AI tools and previews have content). */
export async function createDocument(overrides: Partial<Document> = {}, chunks: string[] = []) {
  const s = suffix()
  const document = await Document.create({
    slug: `doc-${s}`,
    title: `Document ${s}`,
    description: null,
    seoContent: null,
    topicTags: [],
    accessLevel: 'free',
    visibility: 'public',
    pageCount: 1,
    ingestStatus: 'ready',
    ...overrides,
  })
  for (const [index, content] of chunks.entries()) {
    await DocumentChunk.create({ documentId: document.id, chunkIndex: index, content })
  }
  return document
}

/** The titles (or names) a public catalog list answers for `q`, in the order served. */
export async function searchTitles(client: ApiClient, kind: string, q: string, extra: Record<string, string> = {}) {
  const response = await client.get(`/api/${kind}?${new URLSearchParams({ q, ...extra })}`)
  response.assertStatus(200)
  return response.body().data.map((row: any) => row.title ?? row.name) as string[]
}

/** Checks each search of a public `kind` list: `expected` maps a `q` to the titles it lists, in order. */
export async function assertSearches(
  assert: Assert,
  client: ApiClient,
  kind: string,
  expected: Record<string, string[]>
) {
  for (const [q, titles] of Object.entries(expected)) {
    assert.deepEqual(await searchTitles(client, kind, q), titles, `${kind}?q=${q}`)
  }
}
