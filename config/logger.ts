import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

// Commands keep stdout for their output (`--json` prints exactly one document): logs go to stderr.
const destination = app.getEnvironment() === 'console' || app.getEnvironment() === 'repl' ? 2 : 1

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'studyhub',
      level: env.get('LOG_LEVEL', app.inTest ? 'warn' : 'info'),
      transport: {
        targets: targets()
          .pushIf(!app.inProduction && !app.inTest, targets.pretty({ destination }))
          .pushIf(app.inProduction || app.inTest, targets.file({ destination }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
