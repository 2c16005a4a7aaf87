/*
| What the catalog full-text index reads of each kind (search_index_sql.ts builds the SQL from
| it): the source of the weighted fields, the columns whose change re-indexes a row, and the
| parent columns whose change re-indexes the children.
*/

export type SearchKind = 'institutions' | 'courses' | 'documents'
export const SEARCH_KINDS: SearchKind[] = ['institutions', 'courses', 'documents']

export type Source = { from: string; title: string; context: string; body: string; visibility: string; owner: string }

/** Where each kind's fields come from, as SQL over the aliases `r` (row), `c`, `i`. */
export const SOURCES: Record<SearchKind, Source> = {
  institutions: {
    from: 'institutions r',
    title: 'r.name',
    context: `coalesce(r.city, '') || ' ' || coalesce(r.country, '')`,
    body: `coalesce(r.description, '')`,
    visibility: 'r.visibility',
    owner: 'null',
  },
  courses: {
    from: 'courses r left join institutions i on i.id = r.institution_id',
    title: 'r.title',
    context: `coalesce(r.code, '') || ' ' || coalesce(i.name, '')`,
    body: `coalesce(r.description, '')`,
    visibility: 'r.visibility',
    owner: 'r.owner_id',
  },
  documents: {
    from: 'documents r left join courses c on c.id = r.course_id left join institutions i on i.id = c.institution_id',
    title: 'r.title',
    context: `coalesce(c.title, '') || ' ' || coalesce(c.code, '') || ' ' || coalesce(i.name, '')`,
    body: `coalesce(r.description, '') || ' ' || coalesce(r.seo_content, '') || ' ' || coalesce(r.topic_tags, '')`,
    visibility: 'r.visibility',
    owner: 'r.owner_id',
  },
}

/** Columns whose change re-indexes the row. */
export const WATCHED: Record<SearchKind, string[]> = {
  institutions: ['name', 'city', 'country', 'description', 'visibility'],
  courses: ['title', 'code', 'description', 'institution_id', 'visibility', 'owner_id'],
  documents: ['title', 'description', 'seo_content', 'topic_tags', 'visibility', 'owner_id', 'course_id'],
}

/** A change of these columns of a parent re-indexes the children's context. */
export const CASCADES: { parent: SearchKind; columns: string[]; child: SearchKind; where: string }[] = [
  {
    parent: 'institutions',
    columns: ['name', 'city', 'country'],
    child: 'courses',
    where: 'r.institution_id = new.id',
  },
  {
    parent: 'institutions',
    columns: ['name'],
    child: 'documents',
    where: 'r.course_id in (select id from courses where institution_id = new.id)',
  },
  {
    parent: 'courses',
    columns: ['title', 'code', 'institution_id'],
    child: 'documents',
    where: 'r.course_id = new.id',
  },
]
