import env from '#start/env'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { defineConfig } from '@adonisjs/lucid'
import { fromProjectRoot } from '#start/project_root'

const sqliteFile = fromProjectRoot(env.get('SQLITE_FILE') || 'tmp/db.sqlite3')
mkdirSync(dirname(sqliteFile), { recursive: true })

const migrations = { naturalSort: true, paths: ['database/migrations'] }
const seeders = { naturalSort: true, paths: ['database/seeders'] }

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION') || 'sqlite',
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqliteFile },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          conn.pragma('journal_mode = WAL')
          conn.pragma('foreign_keys = ON')
          conn.pragma('busy_timeout = 5000')
          conn.pragma('synchronous = NORMAL')
          // Transactions begin IMMEDIATE (issue 23 item 10): a deferred one that reads first and
          // writes later fails at once with SQLITE_BUSY_SNAPSHOT when another process committed in
          // between (busy_timeout does not apply to that upgrade). IMMEDIATE takes the write lock
          // at BEGIN, where busy_timeout makes it wait. Knex sends exactly 'BEGIN;' (savepoints
          // of nested transactions are untouched).
          const prepare = conn.prepare.bind(conn)
          conn.prepare = (sql: string) => prepare(sql === 'BEGIN;' ? 'BEGIN IMMEDIATE;' : sql)
          done(null, conn)
        },
      },
      migrations,
      seeders,
    },
    pg: {
      client: 'pg',
      connection: {
        host: env.get('DB_HOST') || '127.0.0.1',
        port: env.get('DB_PORT') || 5432,
        user: env.get('DB_USER') || 'postgres',
        password: env.get('DB_PASSWORD') || '',
        database: env.get('DB_DATABASE') || 'studyhub',
      },
      pool: { min: 0, max: 10 },
      migrations,
      seeders,
    },
  },
})

export default dbConfig
