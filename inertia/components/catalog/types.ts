/** Catalog shapes as the server sends them (shared/api/catalog.ts, docs/rules/catalog.md#lists). */
export type {
  AccessLevel,
  CourseRef,
  InstitutionRef,
  PageMeta,
  SerializedCourse as Course,
  SerializedDocument as CatalogDocument,
  SerializedInstitution as Institution,
} from '#shared/api/catalog'

export type ListMeta = { total: number; page: number; limit: number; last_page: number }
export type SortOption = { value: string; label: string }

export type { DocumentAccess } from '#shared/api/catalog'
