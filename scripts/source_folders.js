/* The folders of the app's own source code, shared by the build stamp and the citation check. */
export const APP_SOURCE_FOLDERS = [
  'app',
  'bin',
  'commands',
  'config',
  'database',
  'inertia',
  'providers',
  'shared',
  'start',
]
