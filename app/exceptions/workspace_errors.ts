import { DomainError } from '#exceptions/domain_error'

/** A document or course of the caller's workspace that is missing or not theirs (404). */
export class WorkspaceItemNotFoundError extends DomainError {
  constructor(message: string) {
    super(404, 'NOT_FOUND', message)
  }
}
