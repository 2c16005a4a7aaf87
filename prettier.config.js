import adonisPrettierConfig from '@adonisjs/prettier-config'

/** The AdonisJS preset, wrapped at 120 columns instead of 100. */
export default { ...adonisPrettierConfig, printWidth: 120 }
