import { test } from '@japa/runner'
import { hostEnv } from '#tests/support/test_run'
import { swapSettings } from '#tests/support/settings'
import { SitemapSettings } from '#services/sitemaps/sitemap_settings'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { appUrl } from '#config/app'
import { createDocument, createInstitution } from '#tests/support/catalog'
import { snapshotForCleanup, startLocalServer } from '#tests/support/sitemaps'

const run = promisify(execFile)

async function studyctl(args: string[], extraEnv: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [app.makePath('bin/studyctl.js'), ...args], {
      env: { PATH: hostEnv().PATH, ...extraEnv },
      timeout: 30_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error: any) {
    return { code: error.code ?? 1, stdout: String(error.stdout ?? ''), stderr: String(error.stderr ?? '') }
  }
}

test.group('Sitemaps / studyctl operator CLI (issue 5 item 8)', (group) => {
  group.each.setup(() => snapshotForCleanup())

  test('sitemap check validates the live index and every chunk and exits 0', async ({ assert }) => {
    await createInstitution()
    await createDocument()
    await createDocument()
    const result = await studyctl(['sitemap', 'check', appUrl, '--json'])
    assert.equal(result.code, 0, result.stderr + result.stdout)
    const report = JSON.parse(result.stdout)
    assert.deepEqual(report.problems, [])
    assert.equal(report.chunks.length, 3)
    assert.isAtLeast(report.total_urls, 18 + 3)
  })

  test('sitemap check reports problems and exits non-zero', async ({ assert }) => {
    const server = await startLocalServer((req, res) => {
      if (req.url === '/sitemap.xml') {
        res.end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://127.0.0.1:1/x</loc></sitemap><sitemap><loc>${'PLACEHOLDER'}</loc><lastmod>2026-01-01</lastmod></sitemap></sitemapindex>`
        )
      } else {
        res.statusCode = 404
        res.end('missing')
      }
    })
    try {
      const result = await studyctl(['sitemap', 'check', server.url])
      assert.equal(result.code, 1)
      assert.include(result.stdout, 'problem:')
    } finally {
      await server.close()
    }
  })

  test('sitemap trigger calls /api/cron/sitemap with the bearer and prints the result', async ({ assert }) => {
    await createDocument()
    const restore = swapSettings(SitemapSettings, {
      cronSecret: 'cli-cron',
      regenerateSecret: 'cli-sitemap',
      backendUrl: '',
    })
    try {
      const ok = await studyctl(['sitemap', 'trigger', '--site', appUrl, '--secret', 'cli-cron', '--json'])
      assert.equal(ok.code, 0, ok.stderr)
      assert.isNumber(JSON.parse(ok.stdout).durationMs)
      const wrong = await studyctl(['sitemap', 'trigger', '--site', appUrl, '--secret', 'nope'])
      assert.equal(wrong.code, 1)
      assert.include(wrong.stderr, '401')
    } finally {
      restore()
    }
  })

  test('flags status prints the effective value', async ({ assert }) => {
    const server = await startLocalServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ name: req.url!.split('/').pop(), is_enabled: true }))
    })
    try {
      const result = await studyctl(['flags', 'status', 'enable_ads', '--api', `${server.url}/api`])
      assert.equal(result.code, 0, result.stderr)
      assert.include(result.stdout, 'enable_ads: enabled')
    } finally {
      await server.close()
    }
  })
})
