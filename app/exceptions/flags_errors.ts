import { DomainError, type FieldError } from '#exceptions/domain_error'

/** Domain errors of feature flags (docs/rules/flags.md#evaluation); the handler writes the contract body. */
export class FlagNotFoundError extends DomainError {
  constructor(name: string) {
    super(404, 'NOT_FOUND', `Feature flag '${name}' not found`)
  }
}

export class FlagExistsError extends DomainError {
  constructor(name: string) {
    super(409, 'CONFLICT', `Feature flag '${name}' already exists`)
  }
}

export class InvalidFlagError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, 'BAD_REQUEST', message, errors ? { errors } : {})
  }
}
