/* Routes of the billing area (docs/rules/billing.md#mutations, docs/rules/billing.md#wire-fields). */
import router from '@adonisjs/core/services/router'
import { webStack, signedInStack, signedInPageStack } from '#start/routes/stacks'

const SubscriptionsController = () => import('#controllers/api/subscriptions_controller')
const BillingWebhookController = () => import('#controllers/api/billing_webhook_controller')
const DocumentPurchasesController = () => import('#controllers/api/document_purchases_controller')
const BillingPagesController = () => import('#controllers/pages/billing_pages_controller')

router
  .group(() => {
    router.post('/checkout-session', [SubscriptionsController, 'checkout']).as('checkout')
    router.post('/billing-portal-session', [SubscriptionsController, 'portal']).as('portal')
    router.get('/my-subscription', [SubscriptionsController, 'show']).as('show')
    router.get('/payment-method', [SubscriptionsController, 'paymentMethod']).as('payment_method')
    router.get('/invoices', [SubscriptionsController, 'invoices']).as('invoices')
    router.patch('/auto-renew', [SubscriptionsController, 'autoRenew']).as('auto_renew')
    router.post('/preview-proration', [SubscriptionsController, 'previewProration']).as('preview_proration')
    router.post('/change-plan', [SubscriptionsController, 'changePlan']).as('change_plan')
    router.post('/pause', [SubscriptionsController, 'pause']).as('pause')
    router.post('/resume', [SubscriptionsController, 'resume']).as('resume')
  })
  .prefix('/api/subscriptions')
  .use(signedInStack())
  .as('api.subscriptions')

router
  .group(() => {
    router.post('/documents/:id/purchase', [DocumentPurchasesController, 'store']).as('documents.purchase')
    router.get('/my/purchases', [DocumentPurchasesController, 'index']).as('my.purchases')
  })
  .prefix('/api')
  .use(signedInStack())
  .as('api.billing')

// Public and lean: no session, no shield (CSRF exempt, docs/rules/accounts.md#sessions); the signature is the
// auth.
router.post('/api/billing/payment/webhook', [BillingWebhookController, 'handle']).as('api.billing.webhook')

router.get('/pricing', [BillingPagesController, 'pricing']).use(webStack()).as('pages.pricing')
router
  .get('/settings/billing', [BillingPagesController, 'settings'])
  .use(signedInPageStack())
  .as('pages.settings.billing')
