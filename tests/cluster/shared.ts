import pg from 'pg'
import { startCluster, type Cluster } from '../../scripts/cluster.js'

/**
 * The one cluster of the `cluster` suite (issue 16, docs/rules/operations.md#instances), started once by the
 * suite's setup (tests/bootstrap.ts) and shared by every file of tests/cluster, so a second file costs no
 * second start. `query` reads its PostgreSQL directly.
 */
export const shared = {} as {
  cluster: Cluster
  db: any
  query: (sql: string, params?: unknown[]) => Promise<any[]>
}

export async function startSharedCluster() {
  // TRUSTED_PROXIES: nginx and this client (127.0.0.1) only, so a peer on 127.0.0.2 is untrusted.
  shared.cluster = await startCluster({
    log: () => {},
    env: { SITEMAP_CRON_SCHEDULE: '* * * * *', AI_PROVIDER: 'local', TRUSTED_PROXIES: '127.0.0.1' },
  })
  const cluster = shared.cluster
  shared.db = new (pg as any).Client({
    host: '127.0.0.1',
    port: cluster.ports.pg,
    user: 'postgres',
    database: 'studyhub',
  })
  await shared.db.connect()
  shared.query = async (sql, params = []) => (await shared.db.query(sql, params as any[])).rows
  return async () => {
    await shared.db?.end().catch(() => {})
    await shared.cluster?.stop()
  }
}
