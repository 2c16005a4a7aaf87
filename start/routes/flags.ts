/*
 * Routes of the flags area: docs/rules/flags.md#evaluation (feature flags), docs/rules/flags.md#ads (ads.txt),
 * the admin page.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { webStack, adminPageStack } from '#start/routes/stacks'

const FeatureFlagsController = () => import('#controllers/api/feature_flags_controller')
const AdsTxtController = () => import('#controllers/site/ads_txt_controller')
const AdminFlagsController = () => import('#controllers/pages/admin_flags_controller')

// Public and lean (no session, shield or auth): runtime gating, e.g. the ad slots.
router.get('/api/feature-flags/status/:name', [FeatureFlagsController, 'status']).as('api.feature_flags.status')

// Ad-seller verification: unconditional, lean.
router.get('/ads.txt', [AdsTxtController, 'show']).as('site.ads_txt')

// Administration: 403 to anonymous and non-admin callers (docs/rules/accounts.md#sessions).
router
  .group(() => {
    router.get('/', [FeatureFlagsController, 'index']).as('index')
    router.post('/', [FeatureFlagsController, 'store']).as('store')
    router.post('/cache/refresh', [FeatureFlagsController, 'refresh']).as('cache_refresh')
    router.patch('/:name/toggle', [FeatureFlagsController, 'toggle']).as('toggle')
    router.get('/:name/history', [FeatureFlagsController, 'history']).as('history')
    router.delete('/:name', [FeatureFlagsController, 'destroy']).as('destroy')
  })
  .prefix('/api/feature-flags')
  .use([...webStack(), middleware.admin()])
  .as('api.feature_flags')

router.get('/admin/flags', [AdminFlagsController, 'show']).use(adminPageStack()).as('pages.admin.flags')
