import { setFlagsFromString } from 'node:v8'
import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Boots the app for a bulk command (`startApp: false`: catalog:seed, sitemap:regenerate) after
 * capping V8's young generation at its size before boot. Every row such a command makes dies
 * young, and the 64 MB the boot would grow the young generation to only counts in the peak
 * RSS (issue 19). Does nothing when the app is already started (tests run commands in-process).
 */
export async function bootForBulkWork(app: ApplicationService) {
  if (app.isReady) return
  setFlagsFromString('--semi-space-growth-factor=1')
  await app.boot()
  await app.start(() => {})
}
