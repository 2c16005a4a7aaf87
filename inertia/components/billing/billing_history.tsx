import type { InvoiceView, PurchaseView } from '#shared/api/billing'
import { BillingCard } from '~/components/billing/billing_card'
import { EmptyState, ErrorState, LoadingState } from '~/components/states'
import { formatDate, formatMoney } from '~/components/billing/format'
import { SlugLink } from '~/components/slug_link'

type Loaded<T> = { data: T | null; loading: boolean; error: string | null; reload: () => void }

/** The last 12 invoices, each linking to its hosted page when it has one (docs/rules/billing.md#mutations). */
export function InvoicesSection({ hasCustomer, invoices }: { hasCustomer: boolean; invoices: Loaded<InvoiceView[]> }) {
  return (
    <BillingCard testId="invoices" titleId="invoices-title" title="Invoices" className="mt-8">
      <div className="mt-3">
        {!hasCustomer ? (
          <EmptyState title="No invoices yet." />
        ) : invoices.loading ? (
          <LoadingState label="Loading invoices…" />
        ) : invoices.error ? (
          <ErrorState message="We could not load your invoices. Please try again." onRetry={invoices.reload} />
        ) : !invoices.data || invoices.data.length === 0 ? (
          <EmptyState title="No invoices yet." />
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2">Date</th>
                <th>Number</th>
                <th>Status</th>
                <th className="text-right">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoices.data.slice(0, 12).map((invoice) => {
                const amount = formatMoney(invoice.amount_paid || invoice.amount_due, invoice.currency)
                return (
                  <tr key={invoice.id} data-testid="invoice-row">
                    <td className="py-2">{formatDate(invoice.created_at)}</td>
                    <td>
                      {invoice.hosted_invoice_url ? (
                        <a
                          href={invoice.hosted_invoice_url}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="text-indigo-700 hover:underline"
                        >
                          {invoice.number || invoice.id}
                        </a>
                      ) : (
                        <span aria-disabled="true" title="No online invoice available" className="text-slate-500">
                          {invoice.number || invoice.id}
                        </span>
                      )}
                    </td>
                    <td className="capitalize">{invoice.status ?? ''}</td>
                    <td className="text-right" data-testid="invoice-amount">
                      {amount}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </div>
    </BillingCard>
  )
}

/** One-time document purchases (docs/rules/documents.md#access-states). */
export function PurchasesSection({ purchases }: { purchases: PurchaseView[] }) {
  return (
    <BillingCard testId="purchases" titleId="purchases-title" title="Document purchases">
      {purchases.length === 0 ? (
        <div className="mt-3">
          <EmptyState title="No documents bought yet." />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {purchases.map((p) => (
            <li key={p.id} className="flex justify-between py-2">
              {p.document ? (
                <SlugLink
                  route="pages.documents.show"
                  slug={p.document.slug}
                  className="text-indigo-700 hover:underline"
                >
                  {p.document.title}
                </SlugLink>
              ) : (
                <span>Unavailable document</span>
              )}
              <span className="text-slate-600">
                {formatMoney(p.amount, p.currency)} · {formatDate(p.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </BillingCard>
  )
}
