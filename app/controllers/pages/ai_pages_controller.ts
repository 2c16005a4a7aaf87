import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Document from '#models/document'
import { ApiError } from '#exceptions/api_error'
import { TOOL_PAGES, toolPage } from '#services/ai/tool_pages'
import { AiResultsService } from '#services/ai/ai_results_service'
import { PlanCatalog } from '#services/billing/plans'
import { AiAllowanceService } from '#services/ai/ai_allowance_service'

async function myDocuments(userId: number | undefined) {
  if (!userId) return []
  const rows = await Document.query().where('owner_id', userId).withCount('chunks').orderBy('id', 'desc').limit(100)
  return rows.map((d) => ({
    id: String(d.id),
    slug: d.slug,
    title: d.title,
    ingest_status: d.ingestStatus,
    chunk_count: Number(d.$extras.chunks_count ?? 0),
  }))
}

/** /ai, /ai/:slug (twelve tool pages) and /ai-courses: SSR for everyone, tools for signed-in users. */
@inject()
export default class AiPagesController {
  constructor(
    private results: AiResultsService,
    private allowance: AiAllowanceService,
    private catalog: PlanCatalog
  ) {}

  async hub({ inertia }: HttpContext) {
    return inertia.render('ai/hub', {
      tools: TOOL_PAGES.map((p) => ({ slug: p.slug, name: p.name, description: p.description, tool: p.tool })),
    })
  }

  async tool({ inertia, params, auth }: HttpContext) {
    const page = toolPage(params.slug)
    if (!page) throw ApiError.notFound('Page not found')
    const paidPlans = (await this.catalog.list()).filter((plan) => plan.slug !== 'free')
    return inertia.render('ai/tool', {
      page,
      plans: paidPlans.map(({ slug, name, price, currency }) => ({ slug, name, price, currency })),
      documents: await myDocuments(auth.user?.id),
      allowance: auth.user ? await this.allowance.forUser(auth.user.id) : null,
      related: TOOL_PAGES.filter((p) => p.slug !== page.slug && p.tool === page.tool).map((p) => ({
        slug: p.slug,
        name: p.name,
      })),
    })
  }

  async courses({ inertia, auth }: HttpContext) {
    const userId = auth.user?.id
    return inertia.render('ai/courses', {
      courses: userId ? await this.results.generatedCourses(userId) : [],
      documents: await myDocuments(userId),
      allowance: userId ? await this.allowance.forUser(userId) : null,
    })
  }
}
