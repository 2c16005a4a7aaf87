import { configApp, ADONIS_IGNORE_LIST } from '@adonisjs/eslint-config'

/*
| The AdonisJS app preset, as the v7 starter kit uses it, with three adjustments explained in
| docs/decisions.md ("Lint and format"): max-len at prettier's 120 columns, `(await x).y`
| allowed, and `#shared/*` (types and pure helpers shared with the pages) allowed in inertia/.
*/
export default configApp(
  {
    name: 'StudyHub overrides',
    files: ['**/*.ts'],
    ignores: ADONIS_IGNORE_LIST,
    rules: {
      '@stylistic/max-len': [
        'error',
        {
          code: 120,
          comments: 120,
          ignoreUrls: true,
          ignoreTemplateLiterals: true,
          ignoreStrings: true,
          ignoreRegExpLiterals: true,
        },
      ],
      '@unicorn/no-await-expression-member': 'off',
    },
  },
  {
    name: 'StudyHub inertia overrides',
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      '@adonisjs/no-backend-import-in-frontend': ['error', { allowed: ['#shared/*', '#shared/**'] }],
    },
  }
)
