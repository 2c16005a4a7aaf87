/*
| Spaced review (issue 27, docs/rules/study.md#review "Study loop"). Cookie auth only: no feature flag, no
| plan access and no AI throttle, since reviewing cards the student already has calls no model
| and costs no credit (free plan included).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { signedInStack, signedInPageStack } from '#start/routes/stacks'
import { rowId } from '#start/routes/matchers'

router
  .group(() => {
    router.get('/review/next', [controllers.api.StudyReview, 'next']).as('review.next')
    router.post('/review/:cardId', [controllers.api.StudyReview, 'rate']).where('cardId', rowId()).as('review.rate')
    router.get('/stats', [controllers.api.StudyReview, 'stats']).as('stats')
    router.post('/cards', [controllers.api.StudyReview, 'addCard']).as('cards.store')
    router.put('/sets/:setId/exam', [controllers.api.StudyReview, 'markExam']).where('setId', rowId()).as('sets.exam')
  })
  .prefix('/api/study')
  .use(signedInStack())
  .as('api.study')

router
  .get('/study/review', [controllers.pages.StudyReviewPages, 'show'])
  .use(signedInPageStack())
  .as('pages.study.review')
