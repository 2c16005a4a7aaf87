import type { BaseCommand } from '@adonisjs/core/ace'
import logger from '@adonisjs/core/services/logger'
import { DomainError } from '#exceptions/domain_error'

/** Prints a flags command failure (human or `--json`) and makes the process exit non-zero. */
export function reportFlagCommandError(command: BaseCommand, error: unknown, json: boolean) {
  const known = error instanceof DomainError
  const code = known ? error.code : 'INTERNAL_SERVER_ERROR'
  const message = known ? error.message : 'Something went wrong. Please try again.'
  if (!known) logger.error({ err: error }, 'flags command failed')
  if (json) command.logger.log(JSON.stringify({ error: { code, message, status: known ? error.status : 500 } }))
  else command.logger.error(message)
  command.exitCode = 1
}
