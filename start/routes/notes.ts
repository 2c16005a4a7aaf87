/* Routes of the notes area (docs/rules/notes.md#notes). */
import router from '@adonisjs/core/services/router'
import { signedInStack, signedInPageStack } from '#start/routes/stacks'
import { rowId } from '#start/routes/matchers'

const NotesController = () => import('#controllers/api/notes_controller')
const NoteReferencesController = () => import('#controllers/api/note_references_controller')
const NotesPageController = () => import('#controllers/pages/notes_controller')
const NotesCalendarController = () => import('#controllers/site/notes_calendar_controller')

router
  .group(() => {
    router.get('/', [NotesController, 'index']).as('index')
    router.post('/', [NotesController, 'store']).as('store')
    router.get('/canvas/export', [NotesController, 'exportCanvas']).as('canvas.export')
    router.post('/canvas/import', [NotesController, 'importCanvas']).as('canvas.import')
    router.post('/calendar/rotate', [NotesController, 'rotateCalendar']).as('calendar.rotate')
    router.get('/:id', [NotesController, 'show']).as('show')
    router.patch('/:id', [NotesController, 'update']).as('update')
    router.delete('/:id', [NotesController, 'destroy']).as('destroy')
    router.patch('/:id/canvas', [NotesController, 'canvas']).as('canvas')
    router.post('/:id/references', [NoteReferencesController, 'store']).as('references.store')
    router.patch('/:id/references/:referenceId', [NoteReferencesController, 'update']).as('references.update')
    router.delete('/:id/references/:referenceId', [NoteReferencesController, 'destroy']).as('references.destroy')
  })
  .prefix('/api/notes')
  .where('id', rowId())
  .where('referenceId', rowId())
  .use(signedInStack())
  .as('api.notes')

// The pages: the list (filters in the query string), a new note, one note, the canvas.
router
  .group(() => {
    router.get('/', [NotesPageController, 'index']).as('index')
    router.get('/new', [NotesPageController, 'create']).as('create')
    router.get('/canvas', [NotesPageController, 'canvas']).as('canvas')
    router.get('/:id', [NotesPageController, 'show']).where('id', rowId()).as('show')
  })
  .prefix('/notes')
  .use(signedInPageStack())
  .as('notes')

// Lean: the secret token in the address is the credential (calendar apps send no cookies).
router.get('/notes/calendar/:token', [NotesCalendarController, 'show']).as('notes.calendar')
