import { inject } from '@adonisjs/core'
import type User from '#models/user'
import { CatalogService } from '#services/catalog/catalog_service'
import { NotesService } from '#services/notes/notes_service'
import { SubscriptionService } from '#services/billing/subscription_service'
import { StudyProgressService } from '#services/study/review/study_progress_service'
import { paginatedList, serializeCourse, serializeOwnDocument } from '#transformers/catalog'

/**
 * The first data of the signed-in workspace pages, rendered on the server (issue 14 B5): the
 * same reads and shapes as their /api routes, so the first HTML already shows the user's items
 * and the page only fetches again after a mutation.
 */
@inject()
export class WorkspacePageProps {
  constructor(
    private notes: NotesService,
    private subscriptions: SubscriptionService,
    private studyProgress: StudyProgressService,
    private catalog: CatalogService
  ) {}

  async ownDocuments(user: User, limit: number) {
    return paginatedList(await this.catalog.myDocuments(user.id, { limit }), (row) =>
      serializeOwnDocument(row, user.id)
    )
  }

  async ownCourses(user: User, limit: number) {
    return paginatedList(await this.catalog.myCourses(user.id, { limit }), serializeCourse)
  }

  async dashboard(user: User) {
    const [documents, deadlines, subscription, study] = await Promise.all([
      this.ownDocuments(user, 5),
      this.notes.list(user, { has_deadline: 'true', sort: 'deadline_at', limit: 5 }),
      this.subscriptions.view(user.id),
      this.studyProgress.forUser(user.id, { light: true }),
    ])
    return { documents, deadlines, subscription, study }
  }

  async myCourses(user: User) {
    const [courses, documents] = await Promise.all([this.ownCourses(user, 100), this.ownDocuments(user, 100)])
    return { courses, documents }
  }
}
