import { isoRequired } from '#transformers/iso'
import Document from '#models/document'
import DocumentPurchase from '#models/document_purchase'
import type User from '#models/user'
import { appUrl } from '#config/app'
import { BillingConflictError, BillingRuleError, PurchaseDocumentNotFoundError } from '#exceptions/billing_errors'
import { parseRowId } from '#validators/request_input'
import { inject } from '@adonisjs/core'
import { StripeClient, requireConfigured } from '#services/billing/stripe_client'
import { idempotencyMinute, provider } from '#services/billing/provider_calls'

export const DEFAULT_DOCUMENT_PRICE = 499
export const DEFAULT_DOCUMENT_CURRENCY = 'usd'

import type { PurchaseView } from '#shared/api/billing'

export type { PurchaseView }

/**
 * One-time purchase of a `paid` document (docs/rules/documents.md#access-states): Stripe Checkout in payment
 * mode, fulfilled by `checkout.session.completed` (webhook_service.recordPurchase, idempotent).
 */
@inject()
export class DocumentPurchaseService {
  constructor(private stripe: StripeClient) {}

  async findDocument(idOrSlug: string, user: User) {
    // An all-digit param is an id; one beyond the id column (a 500 on PostgreSQL) finds nothing.
    const id = parseRowId(idOrSlug)
    const document = /^\d+$/.test(idOrSlug) ? id && (await Document.find(id)) : await Document.findBy('slug', idOrSlug)
    if (!document || (document.visibility === 'private' && document.ownerId !== user.id)) {
      throw new PurchaseDocumentNotFoundError()
    }
    return document
  }

  async checkout(user: User, idOrSlug: string) {
    const document = await this.findDocument(idOrSlug, user)
    requireConfigured(this.stripe)
    if (document.accessLevel !== 'paid') {
      throw new BillingRuleError('This document is not sold individually.')
    }
    if (document.ownerId === user.id) {
      throw new BillingRuleError('You own this document; it is already fully available to you.')
    }
    const existing = await DocumentPurchase.query().where('user_id', user.id).where('document_id', document.id).first()
    if (existing) {
      throw new BillingConflictError('You already bought this document. It is available in full.')
    }
    const amount = document.price && document.price > 0 ? document.price : DEFAULT_DOCUMENT_PRICE
    const currency = (document.currency || DEFAULT_DOCUMENT_CURRENCY).toLowerCase()
    const metadata = { user_id: String(user.id), document_id: String(document.id), kind: 'document_purchase' }
    const stripe = this.stripe.api
    const page = `${appUrl}/documents/${encodeURIComponent(document.slug)}`
    const session = await provider('checkout.sessions.create', () =>
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ...(user.paymentCustomerId ? { customer: user.paymentCustomerId } : { customer_email: user.email }),
          client_reference_id: String(user.id),
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: { currency, unit_amount: amount, product_data: { name: document.title.slice(0, 250) } },
            },
          ],
          // docs/rules/billing.md#document-purchase: 3DS under payment_method_options[card] in payment mode too.
          payment_method_options: { card: { request_three_d_secure: 'automatic' } },
          success_url: `${page}?purchased=1&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: page,
        },
        { idempotencyKey: `document-purchase-${user.id}-${document.id}-${idempotencyMinute()}` }
      )
    )
    return { url: session.url }
  }

  async list(userId: number): Promise<PurchaseView[]> {
    const rows = await DocumentPurchase.query()
      .where('user_id', userId)
      .preload('document')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    return rows.map((row) => ({
      id: String(row.id),
      document: row.document
        ? { id: String(row.document.id), slug: row.document.slug, title: row.document.title }
        : null,
      amount: Number(row.amount),
      currency: row.currency,
      created_at: isoRequired(row.createdAt),
    }))
  }
}
