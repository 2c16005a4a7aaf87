// First: it loads reflect-metadata before any framework module.
import { createIgnitor } from './ignitor.js'
import { prettyPrintError } from '@adonisjs/core'
import { reexecUnderNode24 } from './ensure_node.js'

if (!(await reexecUnderNode24(import.meta.url))) {
  const argv = process.argv.splice(2)
  createIgnitor()
    .ace()
    .configure(async (app) => {
      // docs/rules/operations.md#commands: with --json even an error Ace raises itself (an unknown
      // command or flag, a missing argument, a flag of the wrong type) is one JSON document on stdout.
      if (!argv.some((arg) => arg === '--json' || arg.startsWith('--json='))) return
      const kernel = await app.container.make('ace')
      const handler = kernel.errorHandler
      kernel.errorHandler = {
        async render(error, aceKernel) {
          const message = error instanceof Error ? error.message : String(error)
          process.stdout.write(`${JSON.stringify({ error: message })}\n`)
          await handler.render(error, aceKernel)
        },
      }
    })
    .handle(argv)
    .catch((error) => {
      process.exitCode = 1
      prettyPrintError(error)
    })
}
