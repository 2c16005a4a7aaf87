/*
| Routes of the documents & AI area (docs/rules/ai.md#tools, docs/rules/billing.md#guard-order). Guard order on
| every AI route (docs/rules/billing.md#guard-order): auth → requireFlag(enable_ai_tools) →
| planAccess(AI_CREDIT) → AI throttle; validation, ownership, empty scope and credits follow in the
| controller/service.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { webStack, signedInStack } from '#start/routes/stacks'
import { aiThrottle } from '#start/ai_limiter'
import { uploadThrottle } from '#start/upload_limiter'
import { TOOL_PAGES } from '#services/ai/tool_pages'
import { whereRowIds } from '#start/routes/matchers'
import type { RouteGroup } from '@adonisjs/core/http'

const aiAccess = () => [
  ...signedInStack(),
  middleware.requireFlag({ name: 'enable_ai_tools' }),
  middleware.planAccess({ feature: 'AI_CREDIT' }),
]
const aiGuards = () => [...aiAccess(), aiThrottle]

/**
 * A group of the AI JSON routes: under /api, named api.ai.*, behind `guards`; its parameters are row ids, and a
 * passage's index in its document.
 */
function aiApiGroup(guards: Parameters<RouteGroup['use']>[0], routes: () => void) {
  return whereRowIds(router.group(routes), 'documentId', 'setId', 'guideId', 'sessionId', 'id')
    .where('chunkIndex', { match: /^\d{1,9}$/, cast: (value: string) => Number(value) })
    .prefix('/api')
    .use(guards)
    .as('api.ai')
}

aiApiGroup(aiGuards(), () => {
  router
    .get('/ai/tools/summary/document/:documentId', [controllers.api.AiTools, 'summariesOfDocument'])
    .as('summaries.byDocument')
  router
    .get('/ai/tools/flashcards/document/:documentId', [controllers.api.AiTools, 'flashcardSetsOfDocument'])
    .as('flashcards.byDocument')
  router.get('/ai/tools/flashcards/sets/:setId', [controllers.api.AiTools, 'flashcardSet']).as('flashcards.show')
  router
    .get('/ai/tools/study-guide/document/:documentId', [controllers.api.AiTools, 'studyGuidesOfDocument'])
    .as('studyGuides.byDocument')
  router.get('/ai/tools/study-guide/sets/:guideId', [controllers.api.AiTools, 'studyGuide']).as('studyGuides.show')
  router.get('/ai/tools/trivia-game/:sessionId', [controllers.api.AiTools, 'triviaSession']).as('trivia.show')
  router.post('/ai/tools/trivia-game/:sessionId/submit', [controllers.api.AiTools, 'submitTrivia']).as('trivia.submit')
  router.post('/ai/tools/:toolId', [controllers.api.AiTools, 'run']).as('tools.run')

  router.post('/generated-courses', [controllers.api.GeneratedCourses, 'store']).as('generatedCourses.store')
})

/*
| Reading what was already made (a generated course, a CSV/Anki export, a cited passage) costs
| no model call, so it is not counted by the generation throttle (issue 29); docs/rules/ai.md#tools listed
| routes above still are.
*/
aiApiGroup(aiAccess(), () => {
  router
    .get('/ai/tools/flashcards/sets/:setId/export', [controllers.api.AiTools, 'exportFlashcardSet'])
    .as('flashcards.export')
  router.get('/ai/passages/:documentId/:chunkIndex', [controllers.api.AiTools, 'passage']).as('passages.show')
  router.get('/generated-courses', [controllers.api.GeneratedCourses, 'index']).as('generatedCourses.index')
  router.get('/generated-courses/:id', [controllers.api.GeneratedCourses, 'show']).as('generatedCourses.show')
})

router
  .post('/api/documents/upload', [controllers.api.DocumentUploads, 'store'])
  .use([
    ...signedInStack(),
    middleware.requireFlag({ name: 'enable_uploads' }),
    middleware.planAccess({ feature: 'UPLOAD' }),
    uploadThrottle,
    // The body is read only now, after every guard (issue 23.4).
    middleware.multipartUpload(),
  ])
  .as('api.documents.upload')

// The upload dialog polls this while its upload request is open (scanned pages: issue 29.8).
router
  .get('/api/documents/upload/progress/:token', [controllers.api.DocumentUploads, 'progress'])
  .use(signedInStack())
  .as('api.documents.uploadProgress')

const toolSlugs = new RegExp(`^(${TOOL_PAGES.map((p) => p.slug).join('|')})$`)

router
  .group(() => {
    router.get('/ai', [controllers.pages.AiPages, 'hub']).as('hub')
    router.get('/ai/:slug', [controllers.pages.AiPages, 'tool']).where('slug', toolSlugs).as('tool')
    router.get('/ai-courses', [controllers.pages.AiPages, 'courses']).as('courses')
  })
  .use(webStack())
  .as('pages.ai')
