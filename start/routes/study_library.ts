/*
| The study library (issue 27 item 1, docs/rules/study.md#review "Study loop"): owner-scoped, cookie auth, no
| AI credit, outside the AI generation throttle and the AI flag (a student keeps reading what
| they made, on any plan).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { signedInStack, signedInPageStack } from '#start/routes/stacks'
import { rowId } from '#start/routes/matchers'
import { LIBRARY_KINDS } from '#shared/api/study'

const kinds = { match: new RegExp(`^(${LIBRARY_KINDS.join('|')})$`) }

router
  .group(() => {
    router.get('/study/library', [controllers.StudyLibrary, 'index']).as('index')
    router.delete('/study/library/:kind/:id', [controllers.StudyLibrary, 'destroy']).as('destroy')
  })
  .prefix('/api')
  .where('kind', kinds)
  .where('id', rowId())
  .use(signedInStack())
  .as('api.study.library')

router
  .group(() => {
    router.get('/study', [controllers.StudyLibrary, 'page']).as('index')
    router.get('/study/:kind/:id', [controllers.StudyLibrary, 'item']).as('item')
  })
  .where('kind', kinds)
  .where('id', rowId())
  .use(signedInPageStack())
  .as('pages.study')
