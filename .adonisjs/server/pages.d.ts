import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'errors/bad_request': ExtractProps<(typeof import('../../inertia/pages/errors/bad_request.tsx'))['default']>
    'errors/forbidden': ExtractProps<(typeof import('../../inertia/pages/errors/forbidden.tsx'))['default']>
    'errors/not_found': ExtractProps<(typeof import('../../inertia/pages/errors/not_found.tsx'))['default']>
    'errors/server_error': ExtractProps<(typeof import('../../inertia/pages/errors/server_error.tsx'))['default']>
    'home': ExtractProps<(typeof import('../../inertia/pages/home.tsx'))['default']>
    'workspace/dashboard': ExtractProps<(typeof import('../../inertia/pages/workspace/dashboard.tsx'))['default']>
    'workspace/my_courses': ExtractProps<(typeof import('../../inertia/pages/workspace/my_courses.tsx'))['default']>
    'workspace/my_documents': ExtractProps<(typeof import('../../inertia/pages/workspace/my_documents.tsx'))['default']>
    'workspace/onboarding': ExtractProps<(typeof import('../../inertia/pages/workspace/onboarding.tsx'))['default']>
    'workspace/warning': ExtractProps<(typeof import('../../inertia/pages/workspace/warning.tsx'))['default']>
  }
}
