import { defineConfig } from '@adonisjs/core/bodyparser'
import { uploadTmpFileName } from '#start/upload_tmp'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: false,
    // Free text (a note body, a reference context) comes back as sent: trimming is each
    // validator's choice (`.trim()` on titles, names, emails, passwords), never a blanket one
    // that stripped a body's leading indentation (docs/decisions/hardening.md).
    trimWhitespaces: false,
    limit: '1mb',
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report'],
  },
  raw: {
    types: ['text/*'],
  },
  multipart: {
    // Issue 23.4: no route's multipart body is read here. The upload route reads its own, after
    // its guards (MultipartUploadMiddleware); elsewhere the body is discarded unread.
    autoProcess: false,
    convertEmptyStringsToNull: true,
    processManually: [],
    // Should a route ever be auto-processed again: parts in tmp/uploads (0700), deleted after it.
    tmpFileName: () => uploadTmpFileName(),
    // Above the 20 MB document limit so an oversized file gets the contract's 400
    // (docs/rules/hardening.md#hostile-files).
    limit: '25mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
