/*
| `npm run bench login_timing` (audit with hostile clients, docs/decisions/accounts.md): does a
| refused sign-in take as long for an address nobody holds as for a real account with a wrong
| password? The production build on a scratch SQLite database; BENCH_ROUNDS (default 40) rounds,
| each signs in once per case, cases interleaved so load drifts hit every case alike. Cases: an
| unknown address and a known one, each with an ASCII and a non-ASCII wrong password (the
| non-ASCII one is tried in up to three Unicode forms). Goal: per password kind, the unknown
| address's lower quartile is within 15% of the known one's (the quartile, not the median: on a
| loaded machine other work only adds time, and an attacker filters the same way). Exits non-zero
| when a goal is missed.
| Env: BENCH_SKIP_BUILD=1 reuses build/, BENCH_ROUNDS.
*/
import { randomBytes } from 'node:crypto'
import { buildApp, csrfSession, runAce, scratchApp } from './support/bench_kit.js'
import { BENCH_UA, startBuiltServer } from './support/ratio_kit.js'

const rounds = Number(process.env.BENCH_ROUNDS || 40)
const GOAL = 0.15

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) * q)]
}

async function main() {
  buildApp()
  const scratch = await scratchApp('login-timing', { AUTH_THROTTLE_PER_MINUTE: '100000' })
  let stop = async () => {}
  let missed = 0
  try {
    runAce(['migration:run', '--force'], scratch.env)
    const password = randomBytes(12).toString('base64url')
    runAce(['user:create', 'known@example.com', `--password=${password}`, '--verified'], scratch.env)
    const server = await startBuiltServer(scratch.env, '/api/health/live')
    stop = server.stop
    const session = await csrfSession(scratch.base, { 'user-agent': BENCH_UA })
    const attempt = async (email: string, wrong: string) => {
      const started = performance.now()
      const response = await fetch(`${scratch.base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'user-agent': BENCH_UA,
          'content-type': 'application/json',
          'x-xsrf-token': session.xsrf(),
          'cookie': session.cookie(),
        },
        body: JSON.stringify({ email, password: wrong }),
      })
      await response.arrayBuffer()
      if (response.status !== 400) throw new Error(`expected 400, got ${response.status}`)
      return performance.now() - started
    }
    const cases = {
      'unknown, ascii': ['nobody@example.com', 'wrong-password-1'],
      'known, ascii': ['known@example.com', 'wrong-password-1'],
      'unknown, non-ascii': ['nobody@example.com', 'wrong-cafe\u0301-cre\u0300me'],
      'known, non-ascii': ['known@example.com', 'wrong-cafe\u0301-cre\u0300me'],
    } as const
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]))
    // Warm-up: the first scrypt and the first queries.
    for (const [email, wrong] of Object.values(cases)) await attempt(email, wrong)
    for (let i = 0; i < rounds; i++) {
      for (const [name, [email, wrong]] of Object.entries(cases)) times[name].push(await attempt(email, wrong))
    }
    for (const [name, values] of Object.entries(times)) {
      const [low, mid] = [quantile(values, 0.25), quantile(values, 0.5)]
      console.log(`${name.padEnd(22)} p25 ${low.toFixed(1)} ms, median ${mid.toFixed(1)} ms over ${values.length}`)
    }
    for (const kind of ['ascii', 'non-ascii']) {
      const known = quantile(times[`known, ${kind}`], 0.25)
      const unknown = quantile(times[`unknown, ${kind}`], 0.25)
      const gap = Math.abs(unknown - known) / known
      const ok = gap <= GOAL
      if (!ok) missed++
      console.log(
        `unknown vs known (${kind})`.padEnd(36) +
          `${(gap * 100).toFixed(1)}%`.padEnd(10) +
          `goal ≤ ${GOAL * 100}%  ${ok ? 'MET' : 'MISSED'}`
      )
    }
  } finally {
    await stop()
    scratch.remove()
  }
  if (missed) process.exitCode = 1
}

await main()
