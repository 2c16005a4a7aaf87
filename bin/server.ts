/*
| HTTP server entrypoint. Kept free of static framework imports so that the Node 24
| re-exec (docs/rules/operations.md#settings) happens before anything else is loaded.
*/
import { reexecUnderNode24 } from './ensure_node.js'

if (!(await reexecUnderNode24(import.meta.url))) {
  await import('./start_http_server.js')
}
