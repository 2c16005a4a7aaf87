import { AccountLinkMail } from '#mails/account_link_mail'

/** The password-reset mail: one link to /reset-password?token=..., valid 1 hour. */
export default class ResetPasswordMail extends AccountLinkMail {
  subject = 'Reset your StudyHub password'
  protected intro = ['Someone asked to reset the password of your StudyHub account.', 'Choose a new password here:']
  protected linkLabel = 'Choose a new password'
  protected closing = 'The link works once and expires in 1 hour. If it was not you, ignore this mail.'
}
