import { defineConfig } from '@adonisjs/auth'
import { sessionUserProvider } from '@adonisjs/auth/session'
import type { InferAuthenticators, InferAuthEvents, Authenticators, GuardConfigProvider } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type { SessionRecordGuard } from '#guards/session_record_guard'

// docs/rules/accounts.md#sessions: the remember-me cookie is the refresh cookie (30 days, rotated on use).
const guardOptions = { useRememberMeTokens: true as const, rememberMeTokensAge: '30 days' }
const userProvider = sessionUserProvider({ model: () => import('#models/user') })

/**
 * The stock session guard plus server-side session records (issue 23 item 8,
 * app/guards/session_record_guard.ts). The guard module is imported when the auth manager
 * resolves guards, after the app booted (it reaches the database).
 */
const web: GuardConfigProvider<(ctx: HttpContext) => SessionRecordGuard> = {
  async resolver(name) {
    const { SessionRecordGuard: Guard } = await import('#guards/session_record_guard')
    const { default: emitter } = await import('@adonisjs/core/services/emitter')
    return (ctx: HttpContext) => new Guard(name, ctx, guardOptions, emitter, userProvider)
  },
}

const authConfig = defineConfig({
  default: 'web',
  guards: { web },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
