import { smtpConfig } from '#config/mail'
import { settingsFrom } from '#services/settings'

/** config/mail.ts's SMTP server as read at boot (host, port, credentials); no host means the log transport. */
export class MailSettings extends settingsFrom(smtpConfig) {}
