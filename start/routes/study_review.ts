/*
| Spaced review (issue 27, docs/rules/study.md#review "Study loop"). Cookie auth only: no feature flag, no
| plan access and no AI throttle, since reviewing cards the student already has calls no model
| and costs no credit (free plan included).
*/
import router from '@adonisjs/core/services/router'
import { signedInStack, signedInPageStack } from '#start/routes/stacks'
import { rowId } from '#start/routes/matchers'

const StudyReviewController = () => import('#controllers/api/study_review_controller')
const StudyReviewPagesController = () => import('#controllers/pages/study_review_pages_controller')

router
  .group(() => {
    router.get('/review/next', [StudyReviewController, 'next']).as('review.next')
    router.post('/review/:cardId', [StudyReviewController, 'rate']).where('cardId', rowId()).as('review.rate')
    router.get('/stats', [StudyReviewController, 'stats']).as('stats')
    router.post('/cards', [StudyReviewController, 'addCard']).as('cards.store')
    router.put('/sets/:setId/exam', [StudyReviewController, 'markExam']).where('setId', rowId()).as('sets.exam')
  })
  .prefix('/api/study')
  .use(signedInStack())
  .as('api.study')

router.get('/study/review', [StudyReviewPagesController, 'show']).use(signedInPageStack()).as('pages.study.review')
