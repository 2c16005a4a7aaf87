import type { AllowedAction, PaymentMethodView } from '#shared/api/billing'
import { Button } from '~/components/button'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { ActionWithReason } from '~/components/billing/action_reason'
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
    <section
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="payment-method"
      aria-labelledby="pm-title"
    >
      <h2 id="pm-title" className="text-lg font-semibold">
        Payment method
      </h2>
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
        <ActionWithReason id="manage-payment-reason" reason={portal.reason}>
          <Button
            variant="secondary"
            className="mt-3"
            data-testid="manage-payment"
            aria-describedby={portal.reason ? 'manage-payment-reason' : undefined}
            disabledReason={portal.reason ?? undefined}
            loading={busy === 'portal'}
            onClick={onPortal}
          >
            Manage payment method
          </Button>
        </ActionWithReason>
      ) : null}
    </section>
  )
}
