import env from '#start/env'

/** Sets validated env values for a test; the returned function puts the previous ones back. */
export function withEnv(values: Record<string, string>) {
  const before: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(values)) {
    before[key] = env.get(key as any) as string | undefined
    env.set(key as any, value as any)
  }
  return () => {
    for (const [key, value] of Object.entries(before)) {
      // An unset key goes back to unset (env.get then reads process.env again), not to ''.
      env.set(key as any, value as any)
      if (value === undefined) delete process.env[key]
    }
  }
}
