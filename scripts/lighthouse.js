#!/usr/bin/env node
/*
| Lighthouse over the main pages, signed out and signed in as the demo student, desktop and
| mobile (docs/decisions/student_pages.md, "Lighthouse"). Not part of `npm test`: Lighthouse is
| not a project dependency. Install it outside the repository and point LIGHTHOUSE_BIN at it:
|
|   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse@12
|   LIGHTHOUSE_BIN=/tmp/lh/node_modules/.bin/lighthouse APP_URL=http://127.0.0.1:3333 \
|     node scripts/lighthouse.js [--out=tmp/lighthouse] [--only=pricing,/login] [--runs=3]
|
| The server must be running (`npm start`) with the demo data. Without Lighthouse it says so
| and exits 0. Chromium comes from CHROME_PATH (default: `chromium` on the PATH).
*/
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => [arg.slice(2).split('=')[0], arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : 'true'])
)
const appUrl = (process.env.APP_URL || 'http://127.0.0.1:3333').replace(/\/$/, '')
const outDir = args.out || 'tmp/lighthouse'

function findLighthouse() {
  const candidates = [process.env.LIGHTHOUSE_BIN, 'node_modules/.bin/lighthouse'].filter(Boolean)
  for (const candidate of candidates) if (existsSync(candidate)) return candidate
  const which = spawnSync('which', ['lighthouse'], { encoding: 'utf8' })
  return which.status === 0 ? which.stdout.trim() : null
}

function findChrome() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH
  const which = spawnSync('which', ['chromium'], { encoding: 'utf8' })
  return which.status === 0 ? which.stdout.trim() : null
}

const lighthouse = findLighthouse()
const chrome = findChrome()
if (!lighthouse || !chrome) {
  console.log(`lighthouse: skipped (${lighthouse ? 'no Chromium: set CHROME_PATH' : 'set LIGHTHOUSE_BIN'})`)
  process.exit(0)
}

/** Signs the demo student in through the JSON API and returns the Cookie header. */
async function demoCookie() {
  const jar = new Map()
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      jar.set(name, pair.slice(pair.indexOf('=') + 1))
    }
  }
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  keep(await fetch(`${appUrl}/api/auth/csrf`))
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'cookie': header(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  })
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`)
  keep(login)
  return header()
}

async function firstSlug(path) {
  const response = await fetch(`${appUrl}/api/${path}?per_page=1`)
  const body = await response.json()
  return body.data[0].slug
}

const institution = await firstSlug('institutions')
const course = await firstSlug('courses')
const document = await firstSlug('documents')
const PAGES = [
  ['home', '/', false],
  ['search', '/documents?q=chemistry', false],
  ['institution', `/institutions/${institution}`, false],
  ['course', `/courses/${course}`, false],
  ['document', `/documents/${document}`, false],
  ['pricing', '/pricing', false],
  ['sign-in', '/login', false],
  ['sign-up', '/signup', false],
  ['404', '/no-such-page', false],
  ['dashboard', '/dashboard', true],
  ['my-documents', '/my-documents', true],
  ['ai-tools', '/ai', true],
  ['notes', '/notes', true],
  ['study', '/study', true],
  ['review', '/study/review', true],
  ['settings', '/settings', true],
  ['billing', '/settings/billing', true],
]
const only = args.only ? args.only.split(',') : null
const cookie = PAGES.some(([, , signedIn]) => signedIn) ? await demoCookie() : null
mkdirSync(outDir, { recursive: true })

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
// Performance varies from run to run on a busy machine: --runs=N keeps the median of N.
const runs = Math.max(1, Number(args.runs) || 1)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One Lighthouse run; the four scores, or null when Lighthouse failed. */
function audit(name, path, signedIn, form, out) {
  const lhArgs = [
    `${appUrl}${path}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(form === 'desktop' ? ['--preset=desktop'] : []),
    // The not-found page answers 404 on purpose; Lighthouse would otherwise refuse to audit it.
    ...(name === '404' ? ['--ignore-status-code'] : []),
    ...(signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ]
  try {
    execFileSync(lighthouse, lhArgs, { env: { ...process.env, CHROME_PATH: chrome }, stdio: 'pipe' })
  } catch (error) {
    console.log(`${name}\t${form}\tfailed: ${String(error.stderr || error.message).slice(0, 200)}`)
    return null
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  return CATEGORIES.map((id) => Math.round((report.categories[id]?.score ?? 0) * 100))
}

console.log(['page', 'form', ...CATEGORIES].join('\t'))
for (const [name, path, signedIn] of PAGES) {
  if (only && !only.includes(name) && !only.includes(path)) continue
  for (const form of ['desktop', 'mobile']) {
    const results = []
    for (let run = 0; run < runs; run++) {
      const scores = audit(name, path, signedIn, form, join(outDir, `${name}.${form}${run ? `.${run}` : ''}.json`))
      if (scores) results.push(scores)
    }
    if (!results.length) continue
    const scores = CATEGORIES.map((_, index) => median(results.map((result) => result[index])))
    console.log([name, form, ...scores].join('\t'))
  }
}
