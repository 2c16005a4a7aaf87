import { inject } from '@adonisjs/core'
import { StudyLibraryService, type LibraryQuery } from '#services/study/library/study_library_service'
import { StudyProgressService } from '#services/study/review/study_progress_service'

/** The props of `/study`: one page of the library and the spaced-review progress beside it. */
@inject()
export class StudyLibraryPage {
  constructor(
    private library: StudyLibraryService,
    private progress: StudyProgressService
  ) {}

  async props(userId: number, query: LibraryQuery) {
    const [library, progress] = await Promise.all([this.library.list(userId, query), this.progress.forUser(userId)])
    return { library, progress, filters: { kind: query.kind ?? null, q: query.q ?? '' } }
  }
}
