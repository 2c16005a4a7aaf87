import { ApiRequestError } from '~/lib/api'

/**
 * What end users see when a flag switches a feature off (SPEC F rule 5): a generic
 * "Feature not available", never the flag's name.
 */
export function FeatureUnavailable({ className = '' }: { className?: string }) {
  return (
    <div role="status" data-testid="feature-unavailable" className={`rounded-lg border border-slate-200 bg-white px-6 py-10 text-center ${className}`}>
      <p className="font-medium text-slate-800">Feature not available</p>
      <p className="mt-1 text-sm text-slate-500">Please check back later.</p>
    </div>
  )
}

/** True for the 403 `requireFlag` answers ("Feature '<name>' is currently disabled"). */
export function isFeatureDisabledError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 403 &&
    /^Feature '.*' is currently disabled$|^Feature not available$/.test(error.body.message || '')
  )
}

/** The copy to show a user for such an error. */
export const FEATURE_UNAVAILABLE_MESSAGE = 'Feature not available'
