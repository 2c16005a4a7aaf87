#!/usr/bin/env node
/*
| Rewrites code comments that cite "SPEC x" or "CONTRACT n" (documents that are not in the repo)
| into anchors of docs/rules/*.md. Only comments are touched; strings (test titles) stay.
|
|   node scripts/cite_rules.js            rewrite in place, print before/after counts
|   node scripts/cite_rules.js --check    print the counts only; exit 1 if a citation is left
|
| A citation names a section (SPEC D, CONTRACT 8). Sections that belong to one area map to one
| anchor; the cross-cutting ones (CONTRACT 12, 14, 15, a bare SPEC) map to the area of the file
| that cites them. Rerun it after merges; it is idempotent.
*/
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { APP_SOURCE_FOLDERS } from './source_folders.js'

const ROOT = new URL('..', import.meta.url).pathname
const FOLDERS = [...APP_SOURCE_FOLDERS, 'bench', 'scripts', 'tests']
const EXTENSIONS = /\.(ts|tsx|js)$/
const SELF = 'scripts/cite_rules.js'

const rule = (page, anchor) => `docs/rules/${page}.md#${anchor}`

/** Sections with one home. */
const SECTIONS = {
  'SPEC A': rule('ai', 'tools'),
  'SPEC C': rule('flags', 'ads'),
  'SPEC D': rule('billing', 'mutations'),
  'SPEC E': rule('notes', 'notes'),
  'SPEC F': rule('flags', 'evaluation'),
  'SPEC G': rule('accounts', 'signup'),
  'SPEC Authentication': rule('accounts', 'sessions'),
  'SPEC Auth': rule('accounts', 'sessions'),
  'SPEC Events': rule('billing', 'webhook-processing'),
  'SPEC Errors': rule('hardening', 'error-body'),
  'SPEC Versioning': rule('operations', 'migrations'),
  'CONTRACT 1': rule('operations', 'addresses'),
  'CONTRACT 2': rule('hardening', 'json'),
  'CONTRACT 3': rule('accounts', 'sessions'),
  'CONTRACT 4': rule('billing', 'guard-order'),
  'CONTRACT 6': rule('ai', 'tools'),
  'CONTRACT 7': rule('notes', 'notes'),
  'CONTRACT 8': rule('billing', 'wire-fields'),
  'CONTRACT 9': rule('operations', 'commands'),
  'CONTRACT 10': rule('crawler', 'sitemaps'),
  'CONTRACT 11': rule('operations', 'settings'),
  'CONTRACT 13': rule('documents', 'access-states'),
}

/** Finer anchors for a section and its rule number, where the number is known. */
const NUMBERED = {
  'SPEC Authentication 3': rule('billing', 'guard-order'),
  'SPEC Authentication 4': rule('crawler', 'regeneration'),
  'SPEC Authentication 5': rule('billing', 'webhook-verify'),
  'SPEC Authentication 6': rule('accounts', 'throttle'),
  'SPEC Authentication 7': rule('ai', 'guards'),
  'SPEC A 5': rule('ai', 'trivia'),
  'SPEC A 6': rule('ai', 'scope'),
  'SPEC A 7': rule('ai', 'credits'),
  'SPEC A 8': rule('ai', 'guards'),
  'SPEC Events 1': rule('billing', 'webhook-processing'),
  'SPEC Events 2': rule('billing', 'webhook-verify'),
  'SPEC Events 4': rule('billing', 'webhook-order'),
  'SPEC B 3': rule('crawler', 'sitemaps'),
  'SPEC B 4': rule('crawler', 'storage'),
  'SPEC B 5': rule('crawler', 'storage'),
  'SPEC B 6': rule('crawler', 'regeneration'),
  'SPEC B 7': rule('crawler', 'cron'),
  'SPEC B 8': rule('crawler', 'regeneration'),
  'SPEC F 2': rule('flags', 'cache'),
  'SPEC F 3': rule('flags', 'cache'),
  'SPEC F 4': rule('flags', 'guard'),
  'SPEC F 5': rule('flags', 'admin'),
}

/** The area of a file, from its path: the first keyword that matches wins. */
const AREAS = [
  [/webhook/, rule('billing', 'webhook-processing')],
  [/purchase/, rule('billing', 'document-purchase')],
  [/billing|subscription|stripe|pricing|credit|plan_access|entitlement/, rule('billing', 'mutations')],
  [/study/, rule('study', 'review')],
  [/notes?[_/.]|structured_note/, rule('notes', 'notes')],
  [/cron/, rule('crawler', 'cron')],
  [/robots|llms/, rule('crawler', 'robots')],
  [/sitemap|seo/, rule('crawler', 'sitemaps')],
  [/canonical_host/, rule('hardening', 'canonical-host')],
  [/\bads?[_/.]|_ads?\b|ads_|adsense/, rule('flags', 'ads')],
  [/flag/, rule('flags', 'evaluation')],
  [/\bai\b|\/ai[_/]|ai_|generated_course|embedding|engine|trivia|flashcard|answer/, rule('ai', 'tools')],
  [/search|suggest/, rule('catalog', 'search')],
  [/catalog|institution|course/, rule('catalog', 'lists')],
  [/download|attachment/, rule('documents', 'downloads')],
  [/upload|document|extraction|ingest|archive|storage|pool|worker/, rule('documents', 'upload-limits')],
  [/mail|password|forgot|resend/, rule('accounts', 'account-mail')],
  [/signup|disposable|canonical/, rule('accounts', 'signup')],
  [/csrf/, rule('accounts', 'csrf')],
  [/google/, rule('accounts', 'google')],
  [/auth|account|login|session|user|verif/, rule('accounts', 'sessions')],
  [/health|readiness/, rule('operations', 'health')],
  [/scheduler/, rule('operations', 'scheduler')],
  [/redis|cluster|instance|lock/, rule('operations', 'instances')],
  [/proxy|client_ip|trusted/, rule('hardening', 'client-ip')],
  [/hostile|hardening|bad_input|body|multipart|text/, rule('hardening', 'hostile-files')],
  [/command|env|config|start|bin|provision|seed/, rule('operations', 'settings')],
]
const FALLBACK = rule('hardening', 'bad-input')

const areaOf = (path) => {
  for (const [pattern, anchor] of AREAS) if (pattern.test(path)) return anchor
  return FALLBACK
}

/** The context-dependent sections: CONTRACT 5 (catalog or uploads), SPEC B (crawler or pages). */
function contextual(section, path) {
  if (section === 'CONTRACT 5') {
    return /upload|document_upload|extraction|ingest/.test(path)
      ? rule('documents', 'upload')
      : rule('catalog', 'lists')
  }
  if (section === 'SPEC B') {
    return /sitemap|robots|llms|cron|seo|site\//.test(path)
      ? rule('crawler', 'sitemaps')
      : rule('catalog', 'page-metadata')
  }
  return null
}

const CITATION =
  /\b(SPEC|CONTRACT)\b(?!\.md)(?:(?:\s+|')([A-G](?=[\s.,;:)'"/]|$)|Authentication|Auth|Events|Errors|Limits|Versioning|Global|\d{1,2}(?:[-–]\d{1,2})?(?![\d:]))(?:\.(\d+))?)?(?:'s)?(?:,?\s+(?:rules?\s+|item\s+)?(\d+)(?:\s*(?:[-–]|and|,)\s*\d+)*(?!\s*(?:ms|s\b|h\b|MB|KB|%|chars|characters|days|minutes)))?/g

function anchorFor(kind, section, sub, number, path) {
  const name = section ? `${kind} ${section.split(/[-–]/)[0]}` : kind
  const n = sub ?? number
  if (n && NUMBERED[`${name} ${n}`]) return NUMBERED[`${name} ${n}`]
  return contextual(name, path) ?? SECTIONS[name] ?? areaOf(path)
}

/** Splits a file into comment and code ranges (strings, templates and regexes are code). */
function commentRanges(text) {
  const ranges = []
  let i = 0
  let quote = null
  while (i < text.length) {
    const c = text[i]
    const next = text[i + 1]
    if (quote) {
      if (c === '\\') i += 2
      else if (c === quote) ((quote = null), i++)
      else i++
      continue
    }
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i)
      ranges.push([i, end < 0 ? text.length : end])
      i = end < 0 ? text.length : end
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      ranges.push([i, end < 0 ? text.length : end + 2])
      i = end < 0 ? text.length : end + 2
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c
      i++
    } else if (c === '/' && /[=(,:;!&|?{}[\n]\s*$/.test(text.slice(Math.max(0, i - 20), i))) {
      // a regex literal: skip to its closing slash
      let j = i + 1
      let inClass = false
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j++
        else if (text[j] === '[') inClass = true
        else if (text[j] === ']') inClass = false
        else if (text[j] === '/' && !inClass) break
        j++
      }
      i = j + 1
    } else i++
  }
  return ranges
}

const ANCHOR = String.raw`docs/rules/[a-z_]+\.md#[a-z0-9-]+`
/** "X, 12 and 14" → "X" (numbers of cited sections left behind); "X / X" and "X, X" → "X". */
function tidy(comment) {
  return comment
    .replace(new RegExp(`(${ANCHOR})((?:,\\s*|\\s+and\\s+|/)\\d{1,2}(?=\\s*(?:[),.;:/]|and\\b|$)))+`, 'g'), '$1')
    .replace(new RegExp(`(${ANCHOR})((?:\\s*(?:,|/|and|;)\\s*)\\1\\b)+`, 'g'), '$1')
}

const WIDTH = 112 // below 120: prettier may indent a comment further

/** Greedy word wrap of `words` into lines of at most `width` characters after `first`/`rest` prefixes. */
function fill(text, first, rest) {
  const lines = []
  let line = first
  let empty = true
  for (const word of text.split(' ').filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = rest + word
    } else line += (empty ? '' : ' ') + word
    empty = false
  }
  lines.push(line)
  return lines
}

/**
 * Rewraps the lines of a rewritten comment that a longer citation pushed past the width: the
 * overlong line and the rest of its paragraph (same `//`, ` * ` or `| ` prefix, up to a blank
 * line, a list item or a tag) are refilled; a one-line `/** … *\/` becomes a block.
 */
function wrap(comment) {
  const lines = comment.split('\n')
  const out = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line.length <= WIDTH) {
      out.push(line)
      continue
    }
    let m = /^(\s*)(\/\*\*?) (.*?) ?\*\/$/.exec(line)
    if (m) {
      out.push(`${m[1]}${m[2]}`, ...fill(m[3], `${m[1]} * `, `${m[1]} * `), `${m[1]} */`)
      continue
    }
    m = /^(\s*)(\/\/ |\* |\| |\/\*\*? )(.*)$/.exec(line)
    if (!m) {
      out.push(line)
      continue
    }
    const [, indent, marker] = m
    const rest = marker.startsWith('/*') ? `${indent} * ` : `${indent}${marker}`
    let text = m[3]
    while (i + 1 < lines.length && lines[i + 1].startsWith(rest)) {
      const next = lines[i + 1].slice(rest.length)
      if (!next.trim() || /^(\s|[-*@|]|\d+\.|`{3})/.test(next) || next.includes('*/')) break
      text += ' ' + next
      i++
    }
    out.push(...fill(text, `${indent}${marker}`, rest))
  }
  return out.join('\n')
}

function rewrite(text, path) {
  let count = 0
  let out = ''
  let last = 0
  for (const [start, end] of commentRanges(text)) {
    const comment = text.slice(start, end)
    const replaced = comment.replace(CITATION, (_m, kind, section, sub, number) => {
      count++
      return anchorFor(kind, section, sub, number, path)
    })
    out += text.slice(last, start) + (replaced === comment ? comment : wrap(tidy(replaced)))
    last = end
  }
  return { text: out + text.slice(last), count }
}

function countCitations(text) {
  let n = 0
  for (const [start, end] of commentRanges(text)) n += (text.slice(start, end).match(CITATION) ?? []).length
  return n
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (EXTENSIONS.test(name)) yield path
  }
}

const check = process.argv.includes('--check')
let before = 0
let after = 0
let changed = 0
const broken = []
/** Every `docs/rules/<page>.md#<anchor>` a file cites must exist as `<a id="anchor">` there. */
function checkAnchors(text, path) {
  for (const m of text.matchAll(/docs\/rules\/([\w-]+)\.md#([\w-]+)/g)) {
    let page = ''
    try {
      page = readFileSync(join(ROOT, 'docs', 'rules', `${m[1]}.md`), 'utf8')
    } catch {}
    if (!page.includes(`<a id="${m[2]}"></a>`)) broken.push(`${path}: ${m[0]}`)
  }
}
for (const folder of FOLDERS) {
  let stat
  try {
    stat = statSync(join(ROOT, folder))
  } catch {
    continue
  }
  if (!stat.isDirectory()) continue
  for (const file of files(join(ROOT, folder))) {
    const path = relative(ROOT, file)
    if (path === SELF) continue
    const text = readFileSync(file, 'utf8')
    checkAnchors(text, path)
    const n = countCitations(text)
    before += n
    if (!n) continue
    if (check) {
      after += n
      continue
    }
    const result = rewrite(text, path)
    if (result.text !== text) {
      writeFileSync(file, result.text)
      changed++
    }
    after += countCitations(result.text)
  }
}
console.log(
  `comments citing SPEC/CONTRACT: ${before} before, ${after} after${check ? '' : `; ${changed} files rewritten`}`
)
for (const line of broken.slice(0, 20)) console.log(`anchor missing: ${line}`)
console.log(`citations of docs/rules anchors that do not exist: ${broken.length}`)
if (check && (after > 0 || broken.length > 0)) process.exitCode = 1
