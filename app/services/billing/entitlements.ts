/**
 * Questions other areas ask billing. PLACEHOLDER bodies until the billing work (issue 6) and
 * the purchase work (issue 10) implement them; keep the signatures.
 */
export type PaidPlan = 'pro' | 'plus'

/** The user's plan when it is a paid plan with local status active, else null. */
export async function activePaidPlan(_userId: number): Promise<PaidPlan | null> {
  return null
}

/** Whether the user bought this document (one-time purchase, CONTRACT 13). */
export async function hasPurchasedDocument(_userId: number, _documentId: number): Promise<boolean> {
  return false
}
