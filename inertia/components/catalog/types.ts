/** Catalog shapes as the server sends them (app/transformers/catalog.ts, CONTRACT 5). */
export type InstitutionRef = { id: string; slug: string; name: string }
export type CourseRef = { id: string; slug: string; title: string }

export type Institution = {
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

export type Course = {
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

export type AccessLevel = 'free' | 'paid' | 'premium' | 'locked'

export type CatalogDocument = {
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

export type PageMeta = {
  title: string
  description: string
  canonical: string
  robots?: string
  jsonLd: object[]
  breadcrumbs: { name: string; path: string }[]
}

export type ListMeta = { total: number; page: number; limit: number; last_page: number }
export type SortOption = { value: string; label: string }

export type DocumentAccess = {
  can_read_full: boolean
  mode: 'full' | 'preview' | 'none'
  reason: 'free' | 'owner' | 'purchased' | 'plan' | 'preview' | 'locked'
}
