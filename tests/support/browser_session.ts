import db from '@adonisjs/lucid/services/db'
import type { BrowserContext, Page } from 'playwright'
import type { TestContext } from '@japa/runner/core'
import type User from '#models/user'

/*
| Opening pages and signing in for the browser suite, and deleting what its tests made: a browser
| test that does not wrap itself in a global transaction commits for real.
*/

/** Opens `url` and waits for the network to settle: the page has hydrated, so a click reaches React. */
export async function visitHydrated(visit: TestContext['visit'], url: string) {
  const page = await visit(url)
  await page.waitForLoadState('networkidle')
  return page
}

/** Signs `user` in (Japa's loginAs, not the form) and opens `url` in the same browser context, hydrated. */
export async function visitSignedIn(browserContext: BrowserContext, user: User, url: string) {
  await browserContext.loginAs(user)
  return visitHydrated(browserContext.visit.bind(browserContext), url)
}

/**
 * What a check found, keyed by the place it looked (a path, or a named state of a page); the
 * test asserts `all` is `{}`, so one failure names every place at once.
 */
export class Findings {
  readonly all: Record<string, unknown[]> = {}

  record(place: string, list: unknown[]) {
    if (list.length) this.all[place] = list
  }

  /** Runs `check` on each path, each in a new page. */
  async sweep(visit: TestContext['visit'], paths: string[], check: (page: Page) => Promise<unknown[]>) {
    for (const path of paths) this.record(path, await check(await visit(path)))
    return this.all
  }
}

/** Fills and sends the sign-in form of a page already on /login, once it is ready for input. */
export async function submitLoginForm(page: Page, email: string, password: string) {
  await page.locator('[data-testid="login-form"][data-ready="true"]').waitFor()
  await page.getByTestId('login-email').fill(email)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
}

/** Rows that belong to a user, by the column that names the owner (deleted before the user). */
const OWNER_COLUMN = {
  ai_summaries: 'user_id',
  courses: 'owner_id',
  documents: 'owner_id',
  remember_me_tokens: 'tokenable_id',
  security_events: 'user_id',
  structured_notes: 'user_id',
  user_sessions: 'user_id',
  user_subscriptions: 'user_id',
  user_tokens: 'user_id',
} as const
export type OwnedTable = keyof typeof OWNER_COLUMN

/** The users a browser group makes, deleted (with the rows they own, in the order given) by `delete`. */
export class BrowserUsers {
  readonly #ids: number[] = []

  constructor(private owned: OwnedTable[] = ['documents']) {}

  /** Remembers `user` for deletion and returns it. */
  add<T extends { id: number }>(user: T) {
    this.#ids.push(user.id)
    return user
  }

  delete() {
    return deleteUsers(this.#ids.splice(0), this.owned)
  }
}

/** Deletes the users `ids` after the rows they own in `owned` (in that order). */
export async function deleteUsers(ids: number[], owned: OwnedTable[] = ['documents']) {
  if (!ids.length) return
  for (const table of owned) await db.from(table).whereIn(OWNER_COLUMN[table], ids).delete()
  await db.from('users').whereIn('id', ids).delete()
}

/** Deletes the accounts with these emails, with what signing up and in left behind (tokens, sessions, events, plan). */
export async function deleteAccounts(emails: string[]) {
  const ids = (await db.from('users').whereIn('email', emails).select('id')).map((r) => r.id)
  await deleteUsers(ids, [
    'user_tokens',
    'user_sessions',
    'remember_me_tokens',
    'security_events',
    'user_subscriptions',
  ])
}

/** Steps that delete what a group made, run in order by `run` (rows pointed at by others go last). */
export class CleanupSteps {
  readonly #steps: Array<() => Promise<unknown>> = []

  /** Runs after the steps already added. */
  last(step: () => Promise<unknown>) {
    this.#steps.push(step)
  }

  /** Runs before the steps already added. */
  first(step: () => Promise<unknown>) {
    this.#steps.unshift(step)
  }

  async run() {
    for (const step of this.#steps.splice(0)) await step()
  }
}
