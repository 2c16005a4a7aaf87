/*
| A private PostgreSQL cluster in a folder, on 127.0.0.1 only (trust auth, no fsync: scratch
| data). Used by `npm run cluster` and `npm run bench`; the binaries come from
| scripts/provision.js (PG_BIN_DIR). As root the server runs as the `postgres` user.
*/
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message || result.stderr || result.stdout}`)
  return result.stdout
}

/**
 * Starts PostgreSQL with its data in `<dir>/pg` (dir must exist) on `port`. Returns `stop()`,
 * an immediate shutdown. `dir` is made traversable for the postgres user when run as root.
 */
export function startPrivatePostgres({ binDir, dir, port }) {
  const asRoot = process.getuid?.() === 0
  // runuser lives in /usr/sbin, which a plain user PATH may not list.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => existsSync(p)) ?? 'runuser'
  const command = (bin, args) =>
    asRoot ? [runuser, ['-u', 'postgres', '--', join(binDir, bin), ...args]] : [join(binDir, bin), args]
  const pgDir = join(dir, 'pg')
  mkdirSync(pgDir)
  if (asRoot) {
    chownSync(dir, 0, 0)
    const uid = Number(run('id', ['-u', 'postgres']).trim())
    chownSync(pgDir, uid, uid)
    spawnSync('chmod', ['755', dir])
  }
  run(...command('initdb', ['-D', pgDir, '-U', 'postgres', '--auth=trust']))
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${pgDir} -c fsync=off -c synchronous_commit=off -c max_connections=100`
  run(...command('pg_ctl', ['-D', pgDir, '-l', join(pgDir, 'log'), '-w', '-o', options, 'start']))
  return {
    stop() {
      spawnSync(...command('pg_ctl', ['-D', pgDir, '-m', 'immediate', 'stop']), { stdio: 'ignore' })
    },
  }
}
