/**
 * URL slug: lowercase ASCII words joined by '-', at most `max` characters (docs/rules/catalog.md#lists: ≤ 200).
 */
export function slugify(text: string, max = 200): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= max) return slug
  return (
    slug
      .slice(0, max)
      .replace(/-[^-]*$/, '')
      .replace(/-+$/g, '') || slug.slice(0, max)
  )
}
