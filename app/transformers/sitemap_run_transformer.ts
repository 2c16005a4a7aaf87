import type SitemapRun from '#models/sitemap_run'

export type SitemapRunView = {
  id: string
  trigger: string
  created_at: string
  result: Record<string, unknown>
}

export function toSitemapRunView(run: SitemapRun): SitemapRunView {
  return {
    id: String(run.id),
    trigger: run.trigger,
    created_at: run.createdAt.toUTC().toISO()!,
    result: run.result ?? {},
  }
}
