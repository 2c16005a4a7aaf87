import { inject } from '@adonisjs/core'
import limiter from '@adonisjs/limiter/services/main'
import logger from '@adonisjs/core/services/logger'
import { CreditsService } from '#services/billing/credits_service'
import type { AiAllowance } from '#shared/api/ai'

/** docs/rules/ai.md#guards: generation requests per user per hour (start/ai_limiter.ts counts them). */
export const AI_REQUESTS_PER_HOUR = 20
export const aiThrottleKey = (userId: number) => `ai_user_${userId}`

/**
 * What a tool page shows before anything runs (issue 29): the hourly requests left and the
 * cycle's credits left. Reading never consumes; an unreachable limiter store shows no hourly
 * figure rather than failing the page.
 */
@inject()
export class AiAllowanceService {
  constructor(private credits: CreditsService) {}

  async forUser(userId: number): Promise<AiAllowance> {
    const [hourly, credits] = await Promise.all([this.hourly(userId), this.credits.summary(userId)])
    return {
      hourly,
      credits: {
        limit: credits.limit,
        used: credits.used,
        remaining: credits.remaining,
        period_end: credits.period_end ? new Date(credits.period_end).toISOString() : null,
      },
    }
  }

  private async hourly(userId: number): Promise<AiAllowance['hourly']> {
    try {
      const state = await limiter.use({ requests: AI_REQUESTS_PER_HOUR, duration: '1 hour' }).get(aiThrottleKey(userId))
      if (!state) return { limit: AI_REQUESTS_PER_HOUR, remaining: AI_REQUESTS_PER_HOUR, resets_in_seconds: null }
      return {
        limit: AI_REQUESTS_PER_HOUR,
        remaining: Math.max(0, AI_REQUESTS_PER_HOUR - state.consumed),
        resets_in_seconds: Math.max(1, Math.ceil(state.availableIn)),
      }
    } catch (error) {
      logger.warn({ err: error }, 'AI allowance: the limiter store could not be read')
      return null
    }
  }
}
