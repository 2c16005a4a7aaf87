import { AccountLinkMail } from '#mails/account_link_mail'

/**
 * The verification mail (docs/rules/accounts.md#signup): one link to /verify-email?token=..., valid 24 hours.
 */
export default class VerifyEmailMail extends AccountLinkMail {
  subject = 'Verify your StudyHub email address'
  protected intro = ['Welcome to StudyHub!', 'Confirm your email address to unlock AI tools and uploads:']
  protected linkLabel = 'Verify my email'
  protected closing = 'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.'
}
