/*
| Accounts (docs/rules/accounts.md#sessions, docs/rules/accounts.md#signup): the /api/auth JSON routes, the
| account pages and the identity-provider sign-in. Every /api/auth/* request passes the auth throttle first
| (docs/rules/accounts.md#throttle: 100 per minute per IP), then the web stack (session, CSRF, auth).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { webStack } from '#start/routes/stacks'
import { authThrottle } from '#start/limiter'

/** The account-recovery and verification pages: never indexed (the reset and verify links carry tokens). */
const TOKEN_PAGES = [
  { url: '/forgot-password', action: 'forgotPassword', name: 'forgot_password' },
  { url: '/reset-password', action: 'resetPassword', name: 'reset_password' },
  { url: '/verify-email', action: 'verifyEmail', name: 'verify_email' },
] as const

router
  .group(() => {
    router.get('/csrf', [controllers.api.Auth, 'csrf']).as('csrf')
    router.post('/signup', [controllers.api.Auth, 'signup']).as('signup')
    router.post('/login', [controllers.api.Auth, 'login']).as('login')
    router.post('/logout', [controllers.api.Auth, 'logout']).as('logout')
    router.post('/verify-email', [controllers.api.Auth, 'verifyEmail']).as('verify_email')
    router.post('/forgot-password', [controllers.api.Auth, 'forgotPassword']).as('forgot_password')
    router.post('/reset-password', [controllers.api.Auth, 'resetPassword']).as('reset_password')

    router
      .group(() => {
        router.get('/me', [controllers.api.Auth, 'me']).as('me')
        router.post('/resend-verification', [controllers.api.Auth, 'resendVerification']).as('resend_verification')
        router.patch('/email', [controllers.api.Auth, 'updateEmail']).as('email.update')
        router.patch('/password', [controllers.api.Auth, 'updatePassword']).as('password.update')
        router.patch('/profile', [controllers.api.Auth, 'updateProfile']).as('profile.update')
        router.post('/logout-everywhere', [controllers.api.Auth, 'logoutEverywhere']).as('logout_everywhere')
      })
      .use(middleware.auth())
  })
  .prefix('/api/auth')
  .use([authThrottle, ...webStack()])
  .as('api.auth')

router
  .group(() => {
    router.get('/login', [controllers.pages.AuthPages, 'login']).as('login').use(middleware.guest())
    router.get('/signup', [controllers.pages.AuthPages, 'signup']).as('signup').use(middleware.guest())
    for (const { url, action, name } of TOKEN_PAGES) {
      router.get(url, [controllers.pages.AuthPages, action]).as(name).use(middleware.noindex())
    }
    router
      .get('/settings', [controllers.pages.AuthPages, 'settings'])
      .as('settings')
      .use([middleware.auth(), middleware.noindex()])
    router.get('/auth/google/redirect', [controllers.pages.GoogleAuth, 'redirect']).as('google.redirect')
    router.get('/auth/google/callback', [controllers.pages.GoogleAuth, 'callback']).as('google.callback')
  })
  .use(webStack())
  .as('pages.auth')
