import { DateTime } from 'luxon'
import type { BrowserContext, Page } from 'playwright'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { createUser } from '#tests/support/users'
import { createDocument } from '#tests/support/catalog'
import { createCatalogTrail, trailPaths, type CatalogSlugs } from '#tests/support/browser_catalog'
import { BrowserUsers, CleanupSteps, Findings } from '#tests/support/browser_session'
import { axeAudit, focused, focusWithoutRing, layoutProblems } from '#tests/support/browser_audit'
import { assignPlan } from '#services/billing/subscription_writer'
import { PlanCatalog } from '#services/billing/plans'
import { SIGNED_IN_PAGES } from '#tests/support/student_pages'

/*
| The outside-client audit (docs/decisions/student_pages.md, "Audit with axe-core and
| keyboards"): every page a visitor, a free and a paid student meet, at desktop and phone widths,
| with very long, right-to-left and emoji titles and empty lists; then the keyboard: focus after a
| failed submit, dialogs, focus rings; then the server-rendered pages without JavaScript.
*/
const LONG_WORD = `Lecture_notes_week_03_final_revision_v2_${'x'.repeat(60)}.pdf`
const NAMES = {
  institution: `جامعة القاهرة 🎓 ${'Very long institution name '.repeat(5)}`,
  course: `${LONG_WORD} 📚`,
  document: `مقدمة في الخوارزميات 😀 ${'long '.repeat(30)}`,
  text: 'Headings form an outline. Contrast makes text readable.',
}

function publicPaths(slugs: CatalogSlugs) {
  return [
    '/',
    ...trailPaths(slugs),
    `/institutions/${slugs.institution}/courses`,
    '/ai',
    '/ai/trivia-game',
    '/pricing',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?token=abc',
    '/verify-email?token=abc',
    '/unauthorized',
    '/warning',
    '/no-such-page',
  ]
}

/** Each path at 1280 px and at 375 px (reflow checked at 320 px too), in new pages of `context`. */
async function walk(context: BrowserContext, paths: string[]) {
  const findings = new Findings()
  const titles = new Map<string, Set<string>>()
  for (const path of paths) {
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${process.env.APP_URL}${path}`)
    await page.waitForLoadState('networkidle')
    findings.record(`${path} @1280`, [...(await axeAudit(page)), ...(await layoutProblems(page))])
    const title = await page.title()
    titles.set(title, (titles.get(title) ?? new Set()).add(new URL(page.url()).pathname))
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 })
      await page.waitForTimeout(50)
      findings.record(`${path} @${width}`, [...(await axeAudit(page)), ...(await layoutProblems(page))])
    }
    await page.close()
  }
  for (const [title, pages] of titles) {
    if (pages.size > 1) findings.record(`title "${title}"`, [`shared by ${[...pages].join(', ')}`])
  }
  return findings.all
}

async function paidStudent(users: BrowserUsers) {
  const user = users.add(await createUser({ username: 'long_title_student' }))
  await assignPlan(new PlanCatalog(), user.id, 'pro')
  await createDocument({ ownerId: user.id, visibility: 'private', title: `עברית 🎉 ${LONG_WORD}` }, ['Text'])
  const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  await db.table('structured_notes').insert({
    user_id: user.id,
    title: `📝 ملاحظة ${LONG_WORD}`,
    body: 'Body',
    status: 'active',
    search_text: 'note body',
    created_at: now,
    updated_at: now,
  })
  return user
}

async function signedIn(browserContext: BrowserContext, user: User, path: string) {
  await browserContext.loginAs(user)
  const page = await browserContext.newPage()
  await page.goto(`${process.env.APP_URL}${path}`)
  await page.waitForLoadState('networkidle')
  return page
}

test.group('Browser / audit of every student page (axe-core, keyboard, no JavaScript)', (group) => {
  const cleanup = new CleanupSteps()
  const users = new BrowserUsers(['structured_notes', 'documents', 'user_subscriptions'])
  let slugs: CatalogSlugs

  group.setup(async () => {
    slugs = await createCatalogTrail(NAMES, cleanup)
    return async () => {
      await cleanup.run()
      await users.delete()
    }
  })

  test('signed out: every public page passes axe and has a skip link and reflows at 320 px', async ({
    browserContext,
    assert,
  }) => {
    assert.deepEqual(await walk(browserContext, publicPaths(slugs)), {})
  }).timeout(600_000)

  test('signed in free with empty lists: every page passes axe and has a skip link and reflows', async ({
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(users.add(await createUser()))
    assert.deepEqual(await walk(browserContext, SIGNED_IN_PAGES), {})
  }).timeout(600_000)

  test('signed in paid with long and right-to-left titles: every page passes axe and reflows', async ({
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await paidStudent(users))
    assert.deepEqual(await walk(browserContext, [...SIGNED_IN_PAGES, `/documents/${slugs.document}`]), {})
  }).timeout(600_000)

  test('a dark colour scheme keeps the light pages (no dark theme) and they still pass axe', async ({
    browser,
    assert,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    const findings = new Findings()
    for (const path of ['/', '/login', `/documents/${slugs.document}`, '/pricing']) {
      const page = await context.newPage()
      await page.goto(`${process.env.APP_URL}${path}`)
      const scheme = await page.evaluate(
        () => (globalThis as any).getComputedStyle((globalThis as any).document.documentElement).colorScheme
      )
      findings.record(path, [...(await axeAudit(page)), ...(scheme === 'light' ? [] : [`color-scheme ${scheme}`])])
      await page.close()
    }
    await context.close()
    assert.deepEqual(findings.all, {})
  }).timeout(120_000)

  test('the skip link is the first Tab stop and is seen and moves focus to the content', async ({ visit, assert }) => {
    const page = await visit('/documents')
    await page.waitForLoadState('networkidle')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: /skip to (main )?content/i })
    assert.isTrue(await skip.evaluate((el) => el === (globalThis as any).document.activeElement))
    const box = await skip.boundingBox()
    assert.isAbove(box?.height ?? 0, 23, 'the focused skip link is on screen and at least 24 px high')
    await page.keyboard.press('Enter')
    assert.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.tagName), 'MAIN')
  }).timeout(60_000)

  test('a failed submit moves focus to the first invalid field or to the error and passes axe', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const states = new Findings()
    const where: Record<string, string> = {}
    const login = await visit('/login')
    await login.locator('[data-testid="login-form"][data-ready="true"]').waitFor()
    await login.getByTestId('login-email').fill('nobody@example.com')
    await login.getByTestId('login-password').fill('wrong-password')
    await login.getByTestId('login-submit').click()
    await login.getByTestId('login-error').waitFor()
    where.login = await focused(login)
    states.record('login error', await axeAudit(login))

    const signup = await visit('/signup')
    await signup.locator('[data-testid="signup-form"][data-ready="true"]').waitFor()
    await signup.getByTestId('signup-password').fill('short')
    await signup.getByTestId('signup-submit').click()
    await signup.getByTestId('signup-error').waitFor()
    where.signup = await focused(signup)
    states.record('signup errors', await axeAudit(signup))

    const note = await signedIn(browserContext, users.add(await createUser()), '/notes/new')
    await note.getByLabel('Title').fill('  ')
    await note.getByTestId('save-note').click()
    await note.getByText('A title is required.').waitFor()
    where.note = await focused(note)
    states.record('note title error', await axeAudit(note))

    assert.deepEqual(where, { login: 'login-error', signup: 'signup-email', note: 'title' })
    assert.deepEqual(states.all, {})
  }).timeout(120_000)

  test('dialogs take focus and keep Tab inside and give focus back on Escape', async ({ browserContext, assert }) => {
    const page = await signedIn(browserContext, users.add(await createUser()), '/my-documents')
    const opener = page.getByTestId('open-upload')
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('upload-modal')
    await dialog.waitFor()
    const inside = () => dialog.evaluate((el: any) => el.contains((globalThis as any).document.activeElement))
    const stops: boolean[] = [await inside()]
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      stops.push(await inside())
    }
    const axe = await axeAudit(page)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    const back = await opener.evaluate((el) => el === (globalThis as any).document.activeElement)
    assert.deepEqual({ stops, back, axe }, { stops: stops.map(() => true), back: true, axe: [] })

    const doc = await signedIn(browserContext, users.add(await createUser()), `/documents/${slugs.document}`)
    const add = doc.getByRole('button', { name: 'Add to Notes' })
    await add.click()
    await doc.getByRole('dialog', { name: 'Add to Notes' }).getByLabel('Note', { exact: true }).focus()
    await doc.keyboard.press('Escape')
    assert.isTrue(await add.evaluate((el) => el === (globalThis as any).document.activeElement))
  }).timeout(120_000)

  test('every Tab stop shows a focus ring', async ({ visit, browserContext, assert }) => {
    const findings = new Findings()
    for (const path of ['/documents', '/login', '/']) {
      const page = await visit(path)
      await page.waitForLoadState('networkidle')
      findings.record(path, await focusWithoutRing(page))
    }
    const page = await signedIn(browserContext, users.add(await createUser()), '/settings')
    findings.record('/settings', await focusWithoutRing(page, 30))
    assert.deepEqual(findings.all, {})
  }).timeout(120_000)

  test('without JavaScript the server-rendered pages show their content and links and search works', async ({
    browser,
    assert,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const findings = new Findings()
    for (const path of [...publicPaths(slugs).slice(0, 10), '/login', '/signup']) {
      const page: Page = await context.newPage()
      await page.goto(`${process.env.APP_URL}${path}`)
      const seen = await page.evaluate(() => {
        const d = (globalThis as any).document
        const problems: string[] = []
        if (!d.querySelector('h1')?.textContent?.trim()) problems.push('no h1')
        if ((d.querySelector('main')?.innerText || '').trim().length < 20) problems.push('main is empty')
        const dead = Array.from(d.querySelectorAll('a') as ArrayLike<any>).filter((a) => !a.getAttribute('href'))
        if (dead.length) problems.push(`${dead.length} links without href`)
        return problems
      })
      findings.record(path, [...seen, ...(await layoutProblems(page)).filter((p) => !p.startsWith('scrolls'))])
      await page.close()
    }
    const search = await context.newPage()
    await search.goto(`${process.env.APP_URL}/documents`)
    await search.getByRole('combobox', { name: 'Search' }).fill('الخوارزميات')
    await search.getByRole('combobox', { name: 'Search' }).press('Enter')
    await search.waitForURL(/q=/)
    const hit = search.locator(`main a[href$="/documents/${slugs.document}"]`)
    findings.record('search', (await hit.count()) ? [] : ['no result'])
    await context.close()
    assert.deepEqual(findings.all, {})
  }).timeout(180_000)
})
