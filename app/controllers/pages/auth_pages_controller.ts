import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SignupSettings } from '#services/accounts/signup_settings'
import { safeNextPath } from '#services/accounts/safe_next_path'
import { googleSignInEnabled, signInErrorCode } from '#services/accounts/google_sign_in'

function tokenParam(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null
}

/** The account pages (initial props only; the pages mutate through /api/auth). */
@inject()
export default class AuthPagesController {
  constructor(private signupSettings: SignupSettings) {}

  async login({ inertia, request }: HttpContext) {
    return inertia.render('auth/login', {
      next: safeNextPath(request.input('next'), '/dashboard'),
      google_enabled: googleSignInEnabled(this.signupSettings),
      // Only a code the page has a message for: `?error=__proto__` made the page look up Object.prototype (a 500).
      error: signInErrorCode(request.input('error')),
    })
  }

  async signup({ inertia, request }: HttpContext) {
    return inertia.render('auth/signup', {
      next: safeNextPath(request.input('next'), '/onboarding'),
      google_enabled: googleSignInEnabled(this.signupSettings),
    })
  }

  async forgotPassword({ inertia }: HttpContext) {
    return inertia.render('auth/forgot_password', {})
  }

  async resetPassword({ inertia, request, response }: HttpContext) {
    response.header('Referrer-Policy', 'no-referrer')
    return inertia.render('auth/reset_password', { token: tokenParam(request.input('token')) })
  }

  async verifyEmail({ inertia, request, response }: HttpContext) {
    // docs/rules/accounts.md#signup: the page sets referrer no-referrer (the token is in the address) and noindex.
    response.header('Referrer-Policy', 'no-referrer')
    return inertia.render('auth/verify_email', { token: tokenParam(request.input('token')) })
  }

  async settings({ inertia }: HttpContext) {
    return inertia.render('settings/index', {})
  }
}
