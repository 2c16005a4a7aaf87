/*
| Accounts (docs/rules/accounts.md#sessions, docs/rules/accounts.md#signup): the /api/auth JSON routes, the
| account pages and the identity-provider sign-in. Every /api/auth/* request passes the auth throttle first
| (docs/rules/accounts.md#throttle: 100 per minute per IP), then the web stack (session, CSRF, auth).
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { webStack } from '#start/routes/stacks'
import { authThrottle } from '#start/limiter'

const AuthController = () => import('#controllers/api/auth_controller')
const AuthPagesController = () => import('#controllers/pages/auth_pages_controller')
const GoogleAuthController = () => import('#controllers/pages/google_auth_controller')

router
  .group(() => {
    router.get('/csrf', [AuthController, 'csrf']).as('csrf')
    router.post('/signup', [AuthController, 'signup']).as('signup')
    router.post('/login', [AuthController, 'login']).as('login')
    router.post('/logout', [AuthController, 'logout']).as('logout')
    router.post('/verify-email', [AuthController, 'verifyEmail']).as('verify_email')
    router.post('/forgot-password', [AuthController, 'forgotPassword']).as('forgot_password')
    router.post('/reset-password', [AuthController, 'resetPassword']).as('reset_password')

    router
      .group(() => {
        router.get('/me', [AuthController, 'me']).as('me')
        router.post('/resend-verification', [AuthController, 'resendVerification']).as('resend_verification')
        router.patch('/email', [AuthController, 'updateEmail']).as('email.update')
        router.patch('/password', [AuthController, 'updatePassword']).as('password.update')
        router.patch('/profile', [AuthController, 'updateProfile']).as('profile.update')
        router.post('/logout-everywhere', [AuthController, 'logoutEverywhere']).as('logout_everywhere')
      })
      .use(middleware.auth())
  })
  .prefix('/api/auth')
  .use([authThrottle, ...webStack()])
  .as('api.auth')

router
  .group(() => {
    router.get('/login', [AuthPagesController, 'login']).as('login').use(middleware.guest())
    router.get('/signup', [AuthPagesController, 'signup']).as('signup').use(middleware.guest())
    router
      .get('/forgot-password', [AuthPagesController, 'forgotPassword'])
      .as('forgot_password')
      .use(middleware.noindex())
    router.get('/reset-password', [AuthPagesController, 'resetPassword']).as('reset_password').use(middleware.noindex())
    router.get('/verify-email', [AuthPagesController, 'verifyEmail']).as('verify_email').use(middleware.noindex())
    router
      .get('/settings', [AuthPagesController, 'settings'])
      .as('settings')
      .use([middleware.auth(), middleware.noindex()])
    router.get('/auth/google/redirect', [GoogleAuthController, 'redirect']).as('google.redirect')
    router.get('/auth/google/callback', [GoogleAuthController, 'callback']).as('google.callback')
  })
  .use(webStack())
  .as('pages.auth')
