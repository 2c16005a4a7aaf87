import { inject } from '@adonisjs/core'
import { args, flags } from '@adonisjs/core/ace'
import { PlanCatalog } from '#services/billing/plans'
import { JsonCommand } from './_json_command.js'
import { AccountMailer } from '#services/accounts/account_mailer'
import { AccountMailSettings } from '#services/accounts/account_mail_settings'
import { SignupSettings } from '#services/accounts/signup_settings'

/**
 * `node ace user:create <email> --password=<p> [--admin] [--verified] [--plan=free|pro|plus] [--json]`
 * (docs/rules/operations.md#commands). It creates the account through the sign-up service (same rules); a
 * failure exits 1.
 */
export default class UserCreate extends JsonCommand {
  static commandName = 'user:create'
  static description = 'Create a user account'

  @args.string({ description: 'Email address' })
  declare email: string

  @flags.string({ description: 'Password (8 to 128 characters)' })
  declare password?: string

  @flags.boolean({ description: 'Give the user the admin role' })
  declare admin?: boolean

  @flags.boolean({ description: 'Mark the email as verified' })
  declare verified?: boolean

  @flags.string({ description: 'Plan: free, pro or plus' })
  declare plan?: string

  @inject()
  async run(catalog: PlanCatalog, mailer: AccountMailer, mailLimits: AccountMailSettings, signup: SignupSettings) {
    const { serializeUser } = await import('#transformers/user_transformer')
    const { emailFitsColumns, normalizeEmail } = await import('#services/accounts/canonical_email')
    const { createAccount } = await import('#services/accounts/signup_service')
    const { assignPlan } = await import('#services/billing/subscription_writer')
    try {
      const email = normalizeEmail(this.email || '')
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !emailFitsColumns(email))
        throw new Error('A valid email address is required')
      const password = (this.password ?? '').normalize('NFC')
      if (password.length < 8 || password.length > 128) throw new Error('--password must be 8 to 128 characters')
      const plan = this.plan?.trim().toLowerCase()
      if (plan !== undefined && !['free', 'pro', 'plus'].includes(plan))
        throw new Error('--plan must be free, pro or plus')
      // The sign-up rules (disposable domains, literal and canonical duplicates) are the
      // sign-up service's; an unverified account gets its verification mail like a sign-up.
      const user = await createAccount(
        { email, password },
        { role: this.admin ? 'admin' : 'user', emailVerified: Boolean(this.verified), mailer, mailLimits, signup }
      )
      if (plan) await assignPlan(catalog, user.id, plan as 'free' | 'pro' | 'plus')
      const body = { user: serializeUser(user), plan: plan ?? null }
      this.succeed(
        body,
        `Created ${body.user.email} (id ${body.user.id}, role ${body.user.role}, ${body.user.email_verified ? 'verified' : 'unverified'}${plan ? `, plan ${plan}` : ''})`
      )
    } catch (error) {
      this.failWith(error, 'Could not create the user')
    }
  }
}
