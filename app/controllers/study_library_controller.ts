import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StudyLibraryService } from '#services/study/library/study_library_service'
import { LibraryResultsService } from '#services/study/library/library_results'
import { StudyLibraryPage } from '#services/study/library/study_library_page'
import { libraryItemValidator, libraryQueryValidator } from '#validators/study_library'
import { libraryItemToJson } from '#transformers/study_library_transformer'

/**
 * The study library (issue 27 item 1, docs/rules/study.md#review): its JSON list and delete, and the /study
 * pages. Owner-scoped, cookie auth, no AI credit and no generation throttle.
 */
/** The query string without empty values: the /study search form sends `kind=` for "Everything". */
function filledQuery(qs: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(qs).filter(([, value]) => value !== ''))
}

@inject()
export default class StudyLibraryController {
  constructor(
    private library: StudyLibraryService,
    private results: LibraryResultsService,
    private pageProps: StudyLibraryPage
  ) {}

  async index({ request, auth }: HttpContext) {
    const query = await request.validateUsing(libraryQueryValidator, { data: filledQuery(request.qs()) })
    const page = await this.library.list(auth.getUserOrFail().id, query)
    return { data: page.data.map(libraryItemToJson), meta: page.meta }
  }

  async destroy({ params, auth, response }: HttpContext) {
    const { kind, id } = await libraryItemValidator.validate(params)
    await this.library.destroy(auth.getUserOrFail().id, kind, id)
    return response.noContent()
  }

  async page({ request, auth, inertia }: HttpContext) {
    const query = await request.validateUsing(libraryQueryValidator, { data: filledQuery(request.qs()) })
    return inertia.render('study/index', await this.pageProps.props(auth.getUserOrFail().id, query))
  }

  async item({ params, auth, inertia }: HttpContext) {
    const { kind, id } = await libraryItemValidator.validate(params)
    return inertia.render('study/item', await this.results.item(auth.getUserOrFail().id, kind, id))
  }
}
