import env from '#start/env'

/**
 * Sets settings for a test through the app's env (validated keys included); `undefined` unsets
 * one. The returned function puts the previous values back. Tests change settings only through
 * this (or by booting with a given environment); tests/bootstrap.ts also restores the whole
 * environment after each test.
 */
export function withEnv(values: Record<string, string | undefined>) {
  const before: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(values)) {
    before[key] = env.get(key as any) as string | undefined
    journal.push({ key, before: before[key] })
    put(key, value)
  }
  return () => {
    for (const [key, value] of Object.entries(before)) put(key, value)
  }
}

/** Every change withEnv made, oldest first, so that tests/bootstrap.ts can undo a test's or a group's. */
const journal: { key: string; before: string | undefined }[] = []

export function envMark() {
  return journal.length
}

/** Undoes, newest first, the changes made since `mark` (a test or group that did not restore). */
export function undoEnvTo(mark: number) {
  while (journal.length > mark) {
    const { key, before } = journal.pop()!
    put(key, before)
  }
}

/** One setting; an unset key goes back to unset (env.get then reads the environment), not to ''. */
function put(key: string, value: string | undefined) {
  env.set(key as any, value as any)
  if (value === undefined) delete process.env[key]
}

/** The address of the app server the functional suite started (HOST and PORT of the test run). */
export function testServerUrl(path = '') {
  return `http://${env.get('HOST') || '127.0.0.1'}:${env.get('PORT') || 3334}${path}`
}

/** PATH and HOME of this run, for child processes started with an otherwise clean environment. */
export function hostEnv() {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
}

/** The whole environment of this run, for a child process that runs the app like this one. */
export function runEnv(): NodeJS.ProcessEnv {
  return { ...process.env }
}

/** A knob of the test run itself (sample counts, seeds, verbose output, tool paths), not an app setting. */
export function testKnob(name: string): string | undefined {
  return process.env[name] || undefined
}
