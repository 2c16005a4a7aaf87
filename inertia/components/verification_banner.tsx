/**
 * PLACEHOLDER owned by the accounts work (issue 3): the email verification banner with a
 * "Resend verification email" button (loading, success, error states). Renders nothing when
 * the signed-in user's email is verified or nobody is signed in. Usage: <VerificationBanner />
 */
export function VerificationBanner() {
  return null
}
