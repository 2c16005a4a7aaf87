/* Routes of the billing area (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields). */
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { webStack, signedInStack, signedInPageStack } from '#start/routes/stacks'

router
  .group(() => {
    router.post('/checkout-session', [controllers.api.Subscriptions, 'checkout']).as('checkout')
    router.post('/billing-portal-session', [controllers.api.Subscriptions, 'portal']).as('portal')
    router.get('/my-subscription', [controllers.api.Subscriptions, 'show']).as('show')
    router.get('/payment-method', [controllers.api.Subscriptions, 'paymentMethod']).as('payment_method')
    router.get('/invoices', [controllers.api.Subscriptions, 'invoices']).as('invoices')
    router.patch('/auto-renew', [controllers.api.Subscriptions, 'autoRenew']).as('auto_renew')
    router.post('/preview-proration', [controllers.api.Subscriptions, 'previewProration']).as('preview_proration')
    router.post('/change-plan', [controllers.api.Subscriptions, 'changePlan']).as('change_plan')
    router.post('/pause', [controllers.api.Subscriptions, 'pause']).as('pause')
    router.post('/resume', [controllers.api.Subscriptions, 'resume']).as('resume')
  })
  .prefix('/api/subscriptions')
  .use(signedInStack())
  .as('api.subscriptions')

router
  .group(() => {
    router.post('/documents/:id/purchase', [controllers.api.DocumentPurchases, 'store']).as('documents.purchase')
    router.get('/my/purchases', [controllers.api.DocumentPurchases, 'index']).as('my.purchases')
  })
  .prefix('/api')
  .use(signedInStack())
  .as('api.billing')

// Public and lean: no session, no shield (CSRF exempt, docs/rules/accounts.md#sessions); the signature is the
// auth.
router.post('/api/billing/payment/webhook', [controllers.api.BillingWebhook, 'handle']).as('api.billing.webhook')

router.get('/pricing', [controllers.pages.BillingPages, 'pricing']).use(webStack()).as('pages.pricing')
router
  .get('/settings/billing', [controllers.pages.BillingPages, 'settings'])
  .use(signedInPageStack())
  .as('pages.settings.billing')
