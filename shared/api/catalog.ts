/*
| The catalog API shapes (docs/rules/catalog.md#lists), types only: the server's transformers and page
| metadata return them and the pages read them. Nothing here may import server code.
*/
export type InstitutionRef = { id: string; slug: string; name: string }
export type CourseRef = { id: string; slug: string; title: string }
export type AccessLevel = 'free' | 'paid' | 'premium' | 'locked'

export type SerializedInstitution = {
  id: string
  slug: string
  name: string
  description: string | null
  city: string | null
  country: string | null
  course_count: number
  document_count: number
  updated_at: string
  visibility: 'public' | 'private'
}

export type SerializedCourse = {
  id: string
  slug: string
  code: string | null
  title: string
  description: string | null
  institution: InstitutionRef | null
  document_count: number
  updated_at: string
  visibility: 'public' | 'private'
}

export type SerializedDocument = {
  id: string
  slug: string
  title: string
  description: string | null
  seo_content: string | null
  topic_tags: string[]
  access_level: AccessLevel
  course: CourseRef | null
  page_count: number
  updated_at: string
  visibility: 'public' | 'private'
}

/** The original file of an upload, shown to its owner only. */
export type OriginalFile = { name: string; mime_type: string }

/** A document in its owner's workspace (GET /api/my/documents). */
export type SerializedOwnDocument = SerializedDocument & {
  ingest_status: string
  /** Dense (meaning) ranking of the chunks, issue 25: usable before it is ready. */
  embedding_status: string
  embedding_progress: number
  /** The uploaded original (GET /api/my/documents/:id/file), or null for a document without one. */
  file: OriginalFile | null
  size_bytes: number | null
  created_at: string
}

export type Crumb = { name: string; path: string }

/** Page metadata of a catalog page (docs/rules/catalog.md#page-metadata "Page metadata rules"). */
export type PageMeta = {
  title: string
  description: string
  canonical: string
  robots?: string
  // Free-form JSON-LD nodes; typed loosely so page props stay JSON-serialisable for Inertia.
  jsonLd: Record<string, any>[]
  /** The visible breadcrumb trail (same as the BreadcrumbList). */
  breadcrumbs: Crumb[]
}

/** What a viewer may read of a document (docs/rules/documents.md#access-states). */
export type DocumentAccess = {
  can_read_full: boolean
  mode: 'full' | 'preview' | 'none'
  reason: 'free' | 'owner' | 'purchased' | 'plan' | 'preview' | 'locked'
}
