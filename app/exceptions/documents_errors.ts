import { BadFieldError, DomainError, errorWith, fieldError } from '#exceptions/domain_error'

/** Domain errors of document uploads and files (docs/rules/ai.md#tools, docs/rules/catalog.md#lists). */

/** An upload that is not a file we accept or can read (400 on `file`). */
export class UploadFileError extends BadFieldError {
  constructor(message: string, rule = 'file') {
    super('file', rule, message)
  }
}

/** The upload's course_id is malformed or names no course (400 on `course_id`). */
export class UploadCourseError extends DomainError {
  constructor(message: string, rule: string, fieldMessage: string) {
    super(400, 'BAD_REQUEST', message, { errors: fieldError('course_id', rule, fieldMessage) })
  }
}

/**
 * The free plan's document limit (403 with upgrade_url, docs/rules/documents.md#upload-limits), or someone
 * else's course.
 */
export class UploadForbiddenError extends DomainError {
  constructor(message: string, upgradeUrl?: string) {
    super(403, 'FORBIDDEN', message, { extra: upgradeUrl ? { upgrade_url: upgradeUrl } : {} })
  }
}

export class DocumentFileNotFoundError extends errorWith(404, 'NOT_FOUND') {}

/** No upload in progress under this token for this user (or it has finished). */
export class UploadProgressNotFoundError extends errorWith(404, 'NOT_FOUND') {}

/** The storage disk is not configured or not answering (503). */
export class StorageUnavailableError extends errorWith(503, 'SERVICE_UNAVAILABLE') {}

/** Every worker reading files is busy and the queue is full (503 with Retry-After). */
export class ExtractionBusyError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, 'SERVICE_UNAVAILABLE', message, { headers: { 'Retry-After': String(retryAfterSeconds) } })
  }
}
