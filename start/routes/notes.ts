/* Routes of the notes area (docs/rules/notes.md#notes). */
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { signedInStack, signedInPageStack } from '#start/routes/stacks'
import { rowId } from '#start/routes/matchers'
import { middleware } from '#start/kernel'

router
  .group(() => {
    router.get('/', [controllers.api.Notes, 'index']).as('index')
    router.post('/', [controllers.api.Notes, 'store']).as('store')
    router.get('/canvas/export', [controllers.api.Notes, 'exportCanvas']).as('canvas.export')
    router
      .post('/canvas/import', [controllers.api.Notes, 'importCanvas'])
      .use(middleware.largeJsonBody())
      .as('canvas.import')
    router.post('/calendar/rotate', [controllers.api.Notes, 'rotateCalendar']).as('calendar.rotate')
    router.get('/:id', [controllers.api.Notes, 'show']).as('show')
    router.patch('/:id', [controllers.api.Notes, 'update']).as('update')
    router.delete('/:id', [controllers.api.Notes, 'destroy']).as('destroy')
    router.patch('/:id/canvas', [controllers.api.Notes, 'canvas']).as('canvas')
    router.post('/:id/references', [controllers.api.NoteReferences, 'store']).as('references.store')
    router.patch('/:id/references/:referenceId', [controllers.api.NoteReferences, 'update']).as('references.update')
    router.delete('/:id/references/:referenceId', [controllers.api.NoteReferences, 'destroy']).as('references.destroy')
  })
  .prefix('/api/notes')
  .where('id', rowId())
  .where('referenceId', rowId())
  .use(signedInStack())
  .as('api.notes')

// The pages: the list (filters in the query string), a new note, one note, the canvas.
router
  .group(() => {
    router.get('/', [controllers.pages.Notes, 'index']).as('index')
    router.get('/new', [controllers.pages.Notes, 'create']).as('create')
    router.get('/canvas', [controllers.pages.Notes, 'canvas']).as('canvas')
    router.get('/:id', [controllers.pages.Notes, 'show']).where('id', rowId()).as('show')
  })
  .prefix('/notes')
  .use(signedInPageStack())
  .as('notes')

// Lean: the secret token in the address is the credential (calendar apps send no cookies).
router.get('/notes/calendar/:token', [controllers.site.NotesCalendar, 'show']).as('notes.calendar')
