import { inject } from '@adonisjs/core'
import { SignupSettings } from '#services/accounts/signup_settings'
import type { HttpContext } from '@adonisjs/core/http'
import { safeNextPath } from '#services/accounts/safe_next_path'
import { stampSession } from '#services/accounts/session_security'
import {
  GoogleSignInError,
  fetchGoogleProfile,
  googleAuthorizeUrl,
  newOAuthState,
  resolveGoogleUser,
} from '#services/accounts/google_sign_in'

const STATE_KEY = 'google_oauth_state'
const NEXT_KEY = 'google_oauth_next'

/** GET /auth/google/redirect and /auth/google/callback (docs/rules/accounts.md#sessions). */
@inject()
export default class GoogleAuthController {
  constructor(private settings: SignupSettings) {}

  async redirect({ request, response, session }: HttpContext) {
    const state = newOAuthState()
    try {
      const url = googleAuthorizeUrl(this.settings, state)
      session.put(STATE_KEY, state)
      session.put(NEXT_KEY, safeNextPath(request.input('next'), '/dashboard'))
      return response.redirect(url)
    } catch (error) {
      if (error instanceof GoogleSignInError) return response.redirect(`/login?error=google_${error.reason}`)
      throw error
    }
  }

  async callback(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const expected = session.pull(STATE_KEY)
    const next = safeNextPath(session.pull(NEXT_KEY), '/dashboard')
    try {
      if (request.input('error')) throw new GoogleSignInError('cancelled')
      const state = request.input('state')
      const code = request.input('code')
      if (!expected || typeof state !== 'string' || state !== expected) throw new GoogleSignInError('state')
      if (typeof code !== 'string' || code.length === 0 || code.length > 2000) throw new GoogleSignInError('provider')
      const profile = await fetchGoogleProfile(this.settings, code)
      const user = await resolveGoogleUser(profile, this.settings)
      await auth.use('web').login(user, true)
      stampSession(ctx.session, user)
      return response.redirect(next)
    } catch (error) {
      if (error instanceof GoogleSignInError) return response.redirect(`/login?error=google_${error.reason}`)
      throw error
    }
  }
}
