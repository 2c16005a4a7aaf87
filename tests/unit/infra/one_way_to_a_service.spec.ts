import { test } from '@japa/runner'
import { sourceFiles, withoutComments } from '#tests/support/source_files'

/**
 * Issue 28 item 3: a service is reached one way, resolved by the container (`@inject()` in
 * controllers, commands and jobs; constructor injection between services). This reads the source
 * the app runs (app/, commands/) and names every file that builds a module-level instance of one
 * of the app's classes (a module singleton) or asks the container for a service in code
 * (`make` on the container; providers may, they are the wiring).
 */
const sources = (folders = ['app', 'commands']) =>
  sourceFiles(folders).map((file) => ({ ...file, text: withoutComments(file.text) }))

/**
 * Module singletons kept on purpose, each process-wide state that is not a service with
 * dependencies (docs/decisions.md, "One way to a service"). A new entry needs a reason there.
 */
const KEPT_SINGLETONS = new Set([
  // In-memory caches and queues shared by every request of the process; Lucid model hooks
  // (which the container does not build) invalidate the page cache.
  'app/services/catalog/catalog_page_cache.ts:catalogPageCache',
  'app/services/flags/feature_flags.ts:featureFlags',
  'app/services/ai/embeddings/embedding_queue.ts:embeddingQueue',
  'app/services/documents/upload_progress.ts:uploadProgress',
  // The worker thread's own encoder (worker_threads entry, no container there).
  'app/services/ai/embeddings/use_worker.ts:encoder',
])

/** The classes the app declares: `new` of one at module level makes a singleton. */
function appClasses(files: { text: string }[]): Set<string> {
  const names = new Set<string>()
  for (const { text } of files) {
    for (const m of text.matchAll(/^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)/gm)) names.add(m[1])
  }
  return names
}

test.group('Architecture / one way to reach a service (issue 28 item 3)', () => {
  test('no service looked up with make on the container outside providers/', ({ assert }) => {
    const offenders = sources(['app', 'commands', 'start', 'config', 'bin'])
      // The framework's own Ace kernel (bin/console.ts) is wiring, not a service.
      .filter(({ text }) => /\bcontainer\s*\.\s*make\b(?!\(\s*'ace'\s*\))/.test(text))
      .map(({ path }) => path)
    assert.deepEqual(offenders, [], 'inject the service (constructor, or @inject() on a command or controller method)')
  })

  test('no module-level instance of an app class (module singleton) beyond the kept ones', ({ assert }) => {
    const files = sources()
    const classes = appClasses(files)
    const found: string[] = []
    for (const { path, text } of files) {
      for (const m of text.matchAll(/^(?:export\s+)?(?:const|let|var)\s+(\w+)(?:\s*:[^=\n]+)?\s*=\s*new\s+(\w+)/gm)) {
        if (classes.has(m[2])) found.push(`${path}:${m[1]}`)
      }
      for (const m of text.matchAll(/^export\s+default\s+new\s+(\w+)/gm)) {
        if (classes.has(m[1])) found.push(`${path}:default`)
      }
    }
    assert.deepEqual(
      found.filter((entry) => !KEPT_SINGLETONS.has(entry)),
      [],
      'resolve the class from the container instead (constructor injection)'
    )
    // A kept entry that is gone should leave the list too.
    assert.deepEqual(
      [...KEPT_SINGLETONS].filter((entry) => !found.includes(entry)),
      [],
      'remove the entry from KEPT_SINGLETONS'
    )
  })
})
