// First: it loads reflect-metadata before any framework module.
import { createIgnitor } from './ignitor.js'
import { prettyPrintError } from '@adonisjs/core'
import { reexecUnderNode24 } from './ensure_node.js'

if (!(await reexecUnderNode24(import.meta.url))) {
  createIgnitor()
    .ace()
    .handle(process.argv.splice(2))
    .catch((error) => {
      process.exitCode = 1
      prettyPrintError(error)
    })
}
