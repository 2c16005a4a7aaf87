/*
 * Routes of the flags area: docs/rules/flags.md#evaluation (feature flags), docs/rules/flags.md#ads (ads.txt),
 * the admin page.
 */
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { webStack, adminPageStack } from '#start/routes/stacks'

// Public and lean (no session, shield or auth): runtime gating, e.g. the ad slots.
router.get('/api/feature-flags/status/:name', [controllers.api.FeatureFlags, 'status']).as('api.feature_flags.status')

// Ad-seller verification: unconditional, lean.
router.get('/ads.txt', [controllers.site.AdsTxt, 'show']).as('site.ads_txt')

// Administration: 403 to anonymous and non-admin callers (docs/rules/accounts.md#sessions).
router
  .group(() => {
    router.get('/', [controllers.api.FeatureFlags, 'index']).as('index')
    router.post('/', [controllers.api.FeatureFlags, 'store']).as('store')
    router.post('/cache/refresh', [controllers.api.FeatureFlags, 'refresh']).as('cache_refresh')
    router.patch('/:name/toggle', [controllers.api.FeatureFlags, 'toggle']).as('toggle')
    router.get('/:name/history', [controllers.api.FeatureFlags, 'history']).as('history')
    router.delete('/:name', [controllers.api.FeatureFlags, 'destroy']).as('destroy')
  })
  .prefix('/api/feature-flags')
  .use([...webStack(), middleware.admin()])
  .as('api.feature_flags')

router.get('/admin/flags', [controllers.pages.AdminFlags, 'show']).use(adminPageStack()).as('pages.admin.flags')
