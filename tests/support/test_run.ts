import env from '#start/env'

/** The address of the app server the functional suite started (HOST and PORT of the test run). */
export function testServerUrl(path = '') {
  return `http://${env.get('HOST') || '127.0.0.1'}:${env.get('PORT') || 3334}${path}`
}

/** PATH and HOME of this run, for child processes started with an otherwise clean environment. */
export function hostEnv() {
  return { PATH: testKnob('PATH') ?? '', HOME: testKnob('HOME') ?? '' }
}

/**
 * A knob of the test run itself (sample counts, seeds, verbose output, tool paths), not an app setting: read
 * from the environment the run started with (env.get answers it for keys outside the schema).
 */
export function testKnob(name: string): string | undefined {
  return (env.get(name as any) as string | undefined) || undefined
}
