/**
 * Said up front when the server has no Stripe settings (docs/rules/billing.md#mutations
 * PAYMENTS_NOT_CONFIGURED).
 */
export function PaymentsNotConfiguredNotice() {
  return (
    <p
      role="status"
      data-testid="payments-not-configured"
      className="mx-auto mt-6 max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      Payments are not set up on this StudyHub server, so paid plans and documents cannot be bought here. Everything on
      the free plan works.
    </p>
  )
}
