/*
| What `npm test` (and `npm run cluster`) need from the system, found or installed before any
| suite runs. A missing Debian package is installed with apt-get when we may (root, apt-get on
| PATH), as .ci/run does; otherwise we stop at once with the one command that fixes it.
| Found binaries are handed to the tests as absolute paths, so a PATH that hides them does not
| matter once they are installed.
*/
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const SYSTEM_DIRS = ['/usr/bin', '/usr/sbin', '/bin', '/sbin', '/usr/local/bin']

/** Each tool: the env variable the tests read, the binary names, and its Debian package. */
export const TOOLS = {
  chromium: { env: 'CHROMIUM_PATH', names: ['chromium'], pkg: 'chromium' },
  xmllint: { env: 'XMLLINT_BIN', names: ['xmllint'], pkg: 'libxml2-utils' },
  redis: { env: 'REDIS_SERVER_BIN', names: ['redis-server'], pkg: 'redis-server' },
  nginx: { env: 'NGINX_BIN', names: ['nginx'], pkg: 'nginx-light' },
  postgres: { env: 'PG_BIN_DIR', names: ['pg_ctl'], pkg: 'postgresql-15', dirs: ['/usr/lib/postgresql/15/bin'] },
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function locate(tool, env) {
  const preset = env[tool.env]
  if (preset && executable(tool.env === 'PG_BIN_DIR' ? join(preset, 'pg_ctl') : preset)) return preset
  const dirs = [...(tool.dirs || []), ...(env.PATH || '').split(delimiter).filter(Boolean), ...SYSTEM_DIRS]
  for (const dir of dirs) {
    for (const name of tool.names) {
      const candidate = join(dir, name)
      if (executable(candidate)) return tool.env === 'PG_BIN_DIR' ? dir : candidate
    }
  }
  return null
}

function mayInstall(env) {
  return process.getuid?.() === 0 && locate({ env: '_', names: ['apt-get'] }, env) !== null
}

/**
 * Finds every tool in `wanted`, installing what is missing when allowed. Returns the env
 * additions (absolute paths), or prints one line naming the install command and exits 1.
 */
export function provision(wanted, env = process.env, label = 'npm test') {
  const found = {}
  const missing = []
  for (const key of wanted) {
    const path = locate(TOOLS[key], env)
    if (path) found[TOOLS[key].env] = path
    else missing.push(key)
  }
  if (missing.length === 0) return found

  const packages = missing.map((key) => TOOLS[key].pkg)
  const command = `apt-get install -y ${packages.join(' ')}`
  if (mayInstall(env)) {
    console.log(`[${label}] installing ${packages.join(', ')} (${command})`)
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'] })
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (update.status === 0 && install.status === 0) {
      const still = missing.filter((key) => !(found[TOOLS[key].env] = locate(TOOLS[key], env) ?? undefined))
      if (still.length === 0) return found
    }
  }
  console.error(`[${label}] missing system packages; run: sudo ${command}`)
  process.exit(1)
}
