#!/usr/bin/env node
/*
| studyctl: the remote operator CLI (issue 5 item 8). Plain ESM JavaScript on commander; it
| never boots the app, so it runs on hosts without it (`npx studyctl …`).
|
|   studyctl sitemap trigger [--site URL] [--secret S]   GET {site}/api/cron/sitemap with the bearer
|   studyctl sitemap check <site_url> [--json]           fetch the index and every chunk, validate
|   studyctl flags status <name> [--api URL]             GET {api}/feature-flags/status/<name>
|
| Defaults come from the environment: STUDYCTL_SITE_URL or APP_URL, CRON_SECRET,
| STUDYCTL_API_URL or BACKEND_URL.
*/
import { Command, InvalidArgumentError } from 'commander'
import { Agent, request } from 'undici'

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const CHUNK_LIMIT = 50_000
const BYTE_LIMIT = 50 * 1024 * 1024
// Regeneration may take minutes (docs/rules/study.md#review): wait up to 6.
const LONG = new Agent({ headersTimeout: 6 * 60 * 1000, bodyTimeout: 6 * 60 * 1000 })
const SHORT = new Agent({ headersTimeout: 60 * 1000, bodyTimeout: 120 * 1000 })

function siteUrl(value) {
  try {
    const url = new URL(value)
    if (!/^https?:$/.test(url.protocol)) throw new Error()
    return url.toString().replace(/\/+$/, '')
  } catch {
    throw new InvalidArgumentError(`not an http(s) URL: ${value}`)
  }
}

async function get(url, { headers = {}, dispatcher = SHORT } = {}) {
  const response = await request(url, {
    method: 'GET',
    headers: { 'user-agent': 'studyctl/1.0', ...headers },
    dispatcher,
  })
  const body = await response.body.text()
  return { status: response.statusCode, headers: response.headers, body }
}

// With --json, stdout carries exactly one JSON document, a failure's `{ "error": message }` included.
const jsonOutput = process.argv.slice(2).includes('--json')
let printedJson = false

function printJson(document) {
  printedJson = true
  process.stdout.write(`${JSON.stringify(document)}\n`)
}

function fail(message, code = 1) {
  process.stderr.write(`studyctl: ${message}\n`)
  if (jsonOutput && !printedJson) printJson({ error: message })
  process.exitCode = code
}

/**
 * GET `url` and read its answer as JSON: `{ response, parsed, body }` (`parsed` false when the answer is not JSON);
 * null, after saying so, when `base` cannot be reached.
 */
async function getJson(base, url, options) {
  let response
  try {
    response = await get(url, options)
  } catch (error) {
    fail(`could not reach ${base}: ${error.code || error.message}`)
    return null
  }
  try {
    return { response, parsed: true, body: JSON.parse(response.body) }
  } catch {
    return { response, parsed: false, body: undefined }
  }
}

/** Minimal structural reading of a sitemap document (root, namespace, entries). */
export function readSitemap(xml) {
  const root = /<(sitemapindex|urlset)\b([^>]*)>/.exec(xml)
  if (!root) return { root: null, ns: null, entries: [] }
  const ns = /xmlns="([^"]*)"/.exec(root[2])?.[1] ?? null
  const tag = root[1] === 'sitemapindex' ? 'sitemap' : 'url'
  const entries = []
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g')
  for (const match of xml.matchAll(re)) {
    const inner = match[1]
    const field = (name) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(inner)?.[1]
    entries.push({
      loc: field('loc'),
      lastmod: field('lastmod'),
      changefreq: field('changefreq'),
      priority: field('priority'),
    })
  }
  return { root: root[1], ns, entries }
}

const unescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

export async function checkSitemaps(site, log = console.log) {
  const problems = []
  const report = { site, index: null, chunks: [], total_urls: 0, problems }
  const index = await get(`${site}/sitemap.xml`)
  if (index.status !== 200) {
    problems.push(`GET /sitemap.xml answered ${index.status}`)
    return report
  }
  const parsed = readSitemap(index.body)
  report.index = { entries: parsed.entries.length, cache_control: index.headers['cache-control'] ?? null }
  if (parsed.root !== 'sitemapindex') problems.push('/sitemap.xml: root element is not <sitemapindex>')
  if (parsed.ns !== SITEMAP_NS) problems.push(`/sitemap.xml: namespace is ${parsed.ns}, expected ${SITEMAP_NS}`)
  if (!parsed.entries.length) problems.push('/sitemap.xml lists no sitemaps')
  const seen = new Set()
  for (const entry of parsed.entries) {
    if (!entry.loc) {
      problems.push('index entry without <loc>')
      continue
    }
    if (!entry.lastmod) problems.push(`index entry ${entry.loc} has no <lastmod>`)
    const loc = unescape(entry.loc)
    const chunk = { loc, status: null, urls: 0, bytes: 0 }
    report.chunks.push(chunk)
    let response
    try {
      response = await get(loc)
    } catch (error) {
      problems.push(`${loc} could not be fetched (${error.code || error.message})`)
      continue
    }
    chunk.status = response.status
    chunk.bytes = Buffer.byteLength(response.body)
    if (response.status !== 200) {
      problems.push(`${loc} answered ${response.status}`)
      continue
    }
    const doc = readSitemap(response.body)
    chunk.urls = doc.entries.length
    report.total_urls += doc.entries.length
    if (doc.root !== 'urlset') problems.push(`${loc}: root element is not <urlset>`)
    if (doc.ns !== SITEMAP_NS) problems.push(`${loc}: wrong namespace ${doc.ns}`)
    if (doc.entries.length > CHUNK_LIMIT) problems.push(`${loc}: ${doc.entries.length} URLs (limit ${CHUNK_LIMIT})`)
    if (chunk.bytes > BYTE_LIMIT) problems.push(`${loc}: ${chunk.bytes} bytes (limit 50 MB)`)
    if (doc.entries.length === 0) problems.push(`${loc}: no URLs`)
    let missing = 0
    for (const url of doc.entries) {
      if (!url.loc || !url.lastmod || !url.changefreq || !url.priority) missing++
      else if (seen.has(url.loc)) problems.push(`duplicate URL ${url.loc}`)
      else seen.add(url.loc)
      if (url.loc && !unescape(url.loc).startsWith(site)) problems.push(`${loc}: URL outside the site: ${url.loc}`)
    }
    if (missing) problems.push(`${loc}: ${missing} URL(s) missing loc, lastmod, changefreq or priority`)
    log(
      `  ${response.status} ${loc}  ${doc.entries.length.toLocaleString('en-US')} URLs, ${(chunk.bytes / 1024).toFixed(0)} KiB`
    )
  }
  return report
}

const program = new Command()
program.name('studyctl').description('StudyHub operator CLI (sitemaps and feature flags)').version('1.0.0')
// Usage errors are thrown (and reported by `fail` below) instead of exiting at once; subcommands inherit it.
program.exitOverride()

const sitemap = program.command('sitemap').description('Sitemap operations')

sitemap
  .command('trigger')
  .description('Trigger a sitemap regeneration through GET /api/cron/sitemap (Bearer CRON_SECRET)')
  .option('--site <url>', 'site URL', process.env.STUDYCTL_SITE_URL || process.env.APP_URL || 'http://127.0.0.1:3333')
  .option('--secret <secret>', 'the CRON_SECRET (default: $CRON_SECRET)', process.env.CRON_SECRET)
  .option('--json', 'print the raw JSON answer')
  .action(async (options) => {
    const site = siteUrl(options.site)
    if (!options.secret) return fail('no cron secret: pass --secret or set CRON_SECRET')
    const started = Date.now()
    const answer = await getJson(site, `${site}/api/cron/sitemap`, {
      headers: { authorization: `Bearer ${options.secret}`, accept: 'application/json' },
      dispatcher: LONG,
    })
    if (!answer) return
    const { response } = answer
    const body = answer.parsed ? answer.body : response.body
    if (options.json) printJson(body)
    if (response.status !== 200) {
      const detail =
        typeof body === 'object' && body
          ? `${body.message ?? ''}${body.backend_status ? ` (backend ${body.backend_status}: ${body.backend_body})` : ''}`
          : String(body).slice(0, 200)
      return fail(`${response.status} ${detail}`)
    }
    if (!options.json) {
      console.log(
        `Regenerated in ${body.durationMs} ms (request ${Date.now() - started} ms): ${body.uploaded} uploaded, ${body.skipped} skipped`
      )
      for (const [kind, count] of Object.entries(body.counts || {}))
        console.log(`  ${kind.padEnd(13)} ${Number(count).toLocaleString('en-US')} URLs`)
      for (const warning of body.warnings || []) console.log(`  warning: ${warning}`)
    }
  })

sitemap
  .command('check')
  .description('Fetch the sitemap index and every chunk; validate structure and URL counts')
  .argument('<site_url>', 'site URL, e.g. https://www.example.com', siteUrl)
  .option('--json', 'print the report as JSON')
  .action(async (site, options) => {
    let report
    try {
      report = await checkSitemaps(site, options.json ? () => {} : console.log)
    } catch (error) {
      return fail(`could not check ${site}: ${error.code || error.message}`)
    }
    if (options.json) printJson(report)
    else {
      console.log(
        `${site}/sitemap.xml: ${report.chunks.length} sitemap(s), ${report.total_urls.toLocaleString('en-US')} URLs`
      )
      for (const problem of report.problems) console.log(`  problem: ${problem}`)
      console.log(report.problems.length ? `${report.problems.length} problem(s) found` : 'OK: no problems found')
    }
    if (report.problems.length) process.exitCode = 1
  })

const flags = program.command('flags').description('Feature flags')

flags
  .command('status')
  .description('Show whether a feature flag is enabled (GET /api/feature-flags/status/<name>)')
  .argument('<name>', 'flag name, e.g. enable_ai_tools')
  .option(
    '--api <url>',
    'API base URL',
    process.env.STUDYCTL_API_URL ||
      process.env.BACKEND_URL ||
      `${(process.env.APP_URL || 'http://127.0.0.1:3333').replace(/\/+$/, '')}/api`
  )
  .option('--json', 'print the raw JSON answer')
  .action(async (name, options) => {
    const api = siteUrl(options.api)
    const answer = await getJson(api, `${api}/feature-flags/status/${encodeURIComponent(name)}`, {
      headers: { accept: 'application/json' },
    })
    if (!answer) return
    const { response, body } = answer
    if (!answer.parsed) return fail(`${response.status}: not JSON`)
    if (options.json) printJson(body)
    if (response.status !== 200) return fail(`${response.status} ${body.message ?? ''}`)
    if (!options.json) {
      const enabled = body.enabled ?? body.is_enabled
      console.log(`${body.name ?? name}: ${enabled ? 'enabled' : 'disabled'}`)
    }
  })

const isMain =
  import.meta.url === `file://${process.argv[1]}` ||
  process.argv[1]?.endsWith('studyctl') ||
  process.argv[1]?.endsWith('studyctl.js')
if (isMain) {
  program.parseAsync(process.argv).catch((error) => {
    if (!String(error.code).startsWith('commander.')) return fail(error.message)
    // Commander has written its message (or the help) to stderr already.
    if (error.exitCode === 0) return
    if (jsonOutput && !printedJson) printJson({ error: error.message.replace(/^error: /, '') })
    process.exitCode = error.exitCode || 1
  })
}
