import type { HttpContext } from '@adonisjs/core/http'
import { appUrl } from '#config/app'
import { adsConfig } from '#config/ads'
import { serializeUser, type SerializedUser } from '#transformers/user_transformer'
import { subscriptionSummary } from '#services/billing/shared_subscription'

export type SharedPageProps = {
  app: { name: string; url: string }
  auth: { user: SerializedUser | null }
  /** Filled by the billing work (issue 6): the signed-in user's subscription summary. */
  subscription: null | { planSlug: string; status: string; requiresPaymentAction: boolean; currentPeriodEnd: string | null }
  ads: { publisherId: string; slotIds: string[]; scriptUrl: string }
  flash: { error: string | null; success: string | null }
}

/**
 * Props every page receives. Kept in one place so layouts can rely on them; the context
 * is partial when a page renders before session/auth ran (e.g. a 404).
 */
export async function sharedPageProps(ctx: HttpContext): Promise<SharedPageProps> {
  const { session, auth } = ctx as Partial<HttpContext>
  const user = auth?.isAuthenticated ? auth.user : undefined
  return {
    app: { name: 'StudyHub', url: appUrl },
    auth: { user: user ? serializeUser(user as any) : null },
    subscription: user ? await subscriptionSummary((user as any).id, ctx) : null,
    ads: { publisherId: adsConfig.publisherId, slotIds: adsConfig.slotIds, scriptUrl: adsConfig.scriptUrl },
    flash: {
      error: (session?.flashMessages.get('error') as string) ?? null,
      success: (session?.flashMessages.get('success') as string) ?? null,
    },
  }
}
