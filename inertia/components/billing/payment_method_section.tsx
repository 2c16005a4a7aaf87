import type { AllowedAction, PaymentMethodView } from '#shared/api/billing'
import { BillingCard } from '~/components/billing/billing_card'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { ButtonWithReason } from '~/components/billing/action_reason'
import type { useApi } from '~/lib/use_api'

type Props = {
  hasCustomer: boolean
  paymentMethod: ReturnType<typeof useApi<PaymentMethodView>>
  portal: AllowedAction
  busy: string | null
  onPortal: () => void
}

/** The card on file, and the way to the billing portal to change it. */
export function PaymentMethodSection({ hasCustomer, paymentMethod, portal, busy, onPortal }: Props) {
  return (
    <BillingCard testId="payment-method" titleId="pm-title" title="Payment method">
      <div className="mt-3">
        {!hasCustomer ? (
          <EmptyState title="No payment method on file">A card is added when you choose a paid plan.</EmptyState>
        ) : paymentMethod.loading ? (
          <LoadingState label="Loading payment method…" />
        ) : paymentMethod.error ? (
          <ErrorState
            message="We could not load your payment method. Please try again."
            onRetry={paymentMethod.reload}
          />
        ) : paymentMethod.data ? (
          <p className="text-sm" data-testid="card">
            <span className="font-semibold capitalize">{paymentMethod.data.brand}</span> ending in{' '}
            {paymentMethod.data.last4} · expires {String(paymentMethod.data.exp_month).padStart(2, '0')}/
            {paymentMethod.data.exp_year}
          </p>
        ) : (
          <EmptyState title="No payment method on file">Add a card from the billing portal.</EmptyState>
        )}
      </div>
      {hasCustomer ? (
        <ButtonWithReason
          id="manage-payment-reason"
          reason={portal.reason}
          variant="secondary"
          className="mt-3"
          data-testid="manage-payment"
          loading={busy === 'portal'}
          onClick={onPortal}
        >
          Manage payment method
        </ButtonWithReason>
      ) : null}
    </BillingCard>
  )
}
