/**
 * A tiny in-process signal: a write to `feature_flags` (through the service, or directly
 * through the FeatureFlag model, e.g. a seeder or another area's test) tells the flags cache
 * that it must reload before answering again. Kept apart from the service so the model can
 * import it without an import cycle.
 */
type Listener = () => void
const listeners = new Set<Listener>()

export function onFlagWrite(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function signalFlagWrite() {
  for (const listener of listeners) listener()
}
