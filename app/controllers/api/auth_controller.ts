import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { serializeUser } from '#transformers/user_transformer'
import {
  changeEmailValidator,
  changePasswordValidator,
  forgotPasswordValidator,
  loginValidator,
  profileValidator,
  resetPasswordValidator,
  signupValidator,
  tokenValidator,
} from '#validators/accounts'
import { createAccount, recordSignupAttempt } from '#services/accounts/signup_service'
import { verifyLogin } from '#services/accounts/credentials'
import { resendVerification, verifyEmail } from '#services/accounts/email_verification'
import { requestPasswordReset, resetPassword } from '#services/accounts/password_reset'
import { changeEmail, changePassword, changeUsername } from '#services/accounts/account_settings'
import { revokeAllSessions, stampSession } from '#services/accounts/session_security'
import { MESSAGES } from '#services/accounts/errors'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { SignupSettings } from '#services/accounts/signup_settings'
import { AccountMailer } from '#services/accounts/account_mailer'

/** docs/rules/accounts.md#sessions: the account routes under /api/auth. Rules live in app/services/accounts. */
@inject()
export default class AuthController {
  constructor(
    private mail: AccountMailSettings,
    private signupSettings: SignupSettings,
    private mailer: AccountMailer
  ) {}

  /** 204; shield sets the XSRF-TOKEN cookie on every webStack response. */
  async csrf({ response }: HttpContext) {
    return response.noContent()
  }

  async signup(ctx: HttpContext) {
    const { request, response, auth } = ctx
    // docs/rules/accounts.md#signup runs before anything else: every sign-up POST counts, valid or not.
    await recordSignupAttempt(request.ip(), this.signupSettings)
    const payload = await request.validateUsing(signupValidator)
    const user = await createAccount(payload, {
      mailLimits: this.mail,
      signup: this.signupSettings,
      mailer: this.mailer,
    })
    await auth.use('web').login(user)
    stampSession(ctx.session, user)
    return response.created({ user: serializeUser(user) })
  }

  async login(ctx: HttpContext) {
    const { request, auth } = ctx
    const { email, password, remember } = await request.validateUsing(loginValidator)
    const user = await verifyLogin(email, password)
    await auth.use('web').login(user, Boolean(remember))
    stampSession(ctx.session, user)
    return { user: serializeUser(user) }
  }

  async logout({ auth, response, session }: HttpContext) {
    await auth.use('web').logout()
    session.forget('auth_version')
    return response.noContent()
  }

  async me({ auth }: HttpContext) {
    return { user: serializeUser(auth.getUserOrFail()) }
  }

  async verifyEmail({ request }: HttpContext) {
    const { token } = await request.validateUsing(tokenValidator)
    await verifyEmail(token)
    return { verified: true }
  }

  /** docs/rules/accounts.md#sessions: the same 202 and body whether a mail went out or not. */
  async resendVerification({ auth, response }: HttpContext) {
    await resendVerification(auth.getUserOrFail(), this.mail, this.mailer)
    return response.accepted({ message: MESSAGES.verificationRequested })
  }

  /** docs/rules/accounts.md#sessions: the same 202 and body for known and unknown addresses, limit or not. */
  async forgotPassword({ request, response }: HttpContext) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await requestPasswordReset(email, this.mail, this.mailer)
    return response.accepted({ message: MESSAGES.resetRequested })
  }

  async resetPassword({ request }: HttpContext) {
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    await resetPassword(token, password)
    return { reset: true }
  }

  async updateEmail({ auth, request }: HttpContext) {
    const { email, current_password: currentPassword } = await request.validateUsing(changeEmailValidator)
    const user = await changeEmail(auth.getUserOrFail(), email, currentPassword, {
      limits: this.mail,
      disposableAllowlist: this.signupSettings.disposableAllowlist,
      mailer: this.mailer,
    })
    return { user: serializeUser(user) }
  }

  async updatePassword(ctx: HttpContext) {
    const { auth, request } = ctx
    const { current_password: currentPassword, password } = await request.validateUsing(changePasswordValidator)
    const user = await changePassword(auth.getUserOrFail(), currentPassword, password)
    // Every session record of the user was revoked, this one too: this browser signs in afresh
    // (new session record and id) under the new version; every other one stays revoked.
    await auth.use('web').login(user)
    stampSession(ctx.session, user)
    return { user: serializeUser(user) }
  }

  async updateProfile({ auth, request }: HttpContext) {
    const { username } = await request.validateUsing(profileValidator)
    const user = await changeUsername(auth.getUserOrFail(), username ?? null)
    return { user: serializeUser(user) }
  }

  async logoutEverywhere({ auth, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    await revokeAllSessions(user)
    await auth.use('web').logout()
    session.forget('auth_version')
    return response.noContent()
  }
}
