/*
| PostgreSQL errors that are the client's input, not a server fault (docs/decisions/hardening.md):
| an id past the column's range (22003) and a write to a row a concurrent request deleted (23503
| "is not present in table") answer 404 and are logged at debug, not as "request failed".
*/
import { test } from '@japa/runner'
import HttpExceptionHandler from '#exceptions/handler'

function pgError(code: string, message: string, detail?: string) {
  return Object.assign(new Error(message), { code, detail })
}

const fkMissing = pgError(
  '23503',
  'update "documents" set "course_id" = $1 where "id" = $2 - insert or update on table "documents" violates foreign key constraint "documents_course_id_foreign"',
  'Key (course_id)=(51) is not present in table "courses".'
)
const fkStillReferenced = pgError(
  '23503',
  'delete from "courses" where "id" = $1 - update or delete on table "courses" violates foreign key constraint',
  'Key (id)=(51) is still referenced from table "documents".'
)
const outOfRange = pgError(
  '22003',
  'select * from "notes" where "id" = $1 - value "2147483648" is out of range for type integer'
)

/** Runs `report` with a logger that records the level of each line. */
async function reportedLevels(error: unknown) {
  const levels: string[] = []
  const ctx = {
    request: { header: () => undefined },
    logger: { error: () => levels.push('error'), debug: () => levels.push('debug') },
  }
  await new HttpExceptionHandler().report(error, ctx as any)
  return levels
}

test.group('Hardening / database errors that are bad input', () => {
  test('a foreign key to a row deleted meanwhile is 404 NOT_FOUND', ({ assert }) => {
    const { body } = HttpExceptionHandler.toContractBody(fkMissing)
    assert.deepEqual(body, { code: 'NOT_FOUND', message: 'Not Found', status: 404 })
  })

  test('a row still referenced (a delete the schema refuses) stays a 500', ({ assert }) => {
    assert.equal(HttpExceptionHandler.toContractBody(fkStillReferenced).body.status, 500)
  })

  test('the errors mapped to 404 are not logged as failed requests; a real 500 is', async ({ assert }) => {
    assert.notInclude(await reportedLevels(fkMissing), 'error')
    assert.notInclude(await reportedLevels(outOfRange), 'error')
    assert.deepEqual(await reportedLevels(fkStillReferenced), ['error'])
    assert.deepEqual(await reportedLevels(new Error('boom')), ['error'])
  })
})
