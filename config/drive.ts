import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'
import { fromProjectRoot } from '#start/project_root'

const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: fromProjectRoot(env.get('STORAGE_PATH') || 'storage'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
