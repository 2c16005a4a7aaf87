export { FEATURE_UNAVAILABLE_MESSAGE, isFeatureDisabledError } from '~/lib/api'

/**
 * What end users see when a flag switches a feature off (docs/rules/flags.md#admin): a generic
 * "Feature not available", never the flag's name.
 */
export function FeatureUnavailable({ className = '' }: { className?: string }) {
  return (
    <div
      role="status"
      data-testid="feature-unavailable"
      className={`rounded-lg border border-slate-200 bg-white px-6 py-10 text-center ${className}`}
    >
      <p className="font-medium text-slate-800">Feature not available</p>
      <p className="mt-1 text-sm text-slate-500">Please check back later.</p>
    </div>
  )
}
