import { indexPages } from '@adonisjs/inertia'
import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { generateRegistry } from '@tuyau/core/hooks'

export default defineConfig({
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/inertia/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/queue/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/lock/lock_provider'),
    () => import('@adonisjs/queue/queue_provider'),
    () => import('#providers/scheduled_tasks_provider'),
  ],

  preloads: [
    { file: () => import('#start/process_guard'), environment: ['web', 'test'] },
    () => import('#start/validator'),
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/view'),
    () => import('#start/limiter'),
    () => import('#start/billing'),
    () => import('#start/mail'),
    { file: () => import('#start/background'), environment: ['web'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.{ts,js}'], name: 'unit', timeout: 10000 },
      { files: ['tests/functional/**/*.spec.{ts,js}'], name: 'functional', timeout: 60000 },
      { files: ['tests/browser/**/*.spec.{ts,js}'], name: 'browser', timeout: 120000 },
      // Several instances behind nginx (issue 16); scripts/test.js runs it after the others.
      { files: ['tests/cluster/**/*.spec.{ts,js}'], name: 'cluster', timeout: 180000 },
    ],
    forceExit: true,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    { pattern: 'resources/data/**', reloadServer: false },
  ],

  hooks: {
    init: [
      // Only the client manifest: the typed route registry (tuyau) references it.
      indexEntities({
        events: { enabled: false },
        listeners: { enabled: false },
        controllers: { enabled: true },
        manifest: { enabled: true },
      }),
      indexPages({ framework: 'react' }),
      generateRegistry(),
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
