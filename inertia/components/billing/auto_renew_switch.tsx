/**
 * The auto-renew switch: role=switch, aria-disabled with the reason as its title
 * (docs/rules/billing.md#mutations); the page shows the reason as text too and points at it with `describedBy`.
 */
export function AutoRenewSwitch({
  checked,
  onChange,
  disabledReason,
  busy,
  label,
  describedBy,
}: {
  checked: boolean
  onChange: (next: boolean) => void
  disabledReason: string | null
  busy: boolean
  label: string
  describedBy?: string
}) {
  const disabled = Boolean(disabledReason) || busy
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-disabled={disabled || undefined}
      title={disabledReason ?? undefined}
      aria-describedby={disabledReason ? describedBy : undefined}
      data-testid="auto-renew-switch"
      onClick={() => {
        if (!disabled) onChange(!checked)
      }}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${checked ? 'bg-indigo-600' : 'bg-slate-300'} ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <span
        className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  )
}
