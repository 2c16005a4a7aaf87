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
    'admin/flags': ExtractProps<(typeof import('../../inertia/pages/admin/flags.tsx'))['default']>
    'admin/seo': ExtractProps<(typeof import('../../inertia/pages/admin/seo.tsx'))['default']>
    'ai/courses': ExtractProps<(typeof import('../../inertia/pages/ai/courses.tsx'))['default']>
    'ai/hub': ExtractProps<(typeof import('../../inertia/pages/ai/hub.tsx'))['default']>
    'ai/tool': ExtractProps<(typeof import('../../inertia/pages/ai/tool.tsx'))['default']>
    'auth/forgot_password': ExtractProps<(typeof import('../../inertia/pages/auth/forgot_password.tsx'))['default']>
    'auth/login': ExtractProps<(typeof import('../../inertia/pages/auth/login.tsx'))['default']>
    'auth/reset_password': ExtractProps<(typeof import('../../inertia/pages/auth/reset_password.tsx'))['default']>
    'auth/signup': ExtractProps<(typeof import('../../inertia/pages/auth/signup.tsx'))['default']>
    'auth/verify_email': ExtractProps<(typeof import('../../inertia/pages/auth/verify_email.tsx'))['default']>
    'billing/pricing': ExtractProps<(typeof import('../../inertia/pages/billing/pricing.tsx'))['default']>
    'billing/settings_billing': ExtractProps<(typeof import('../../inertia/pages/billing/settings_billing.tsx'))['default']>
    'catalog/course_show': ExtractProps<(typeof import('../../inertia/pages/catalog/course_show.tsx'))['default']>
    'catalog/courses_index': ExtractProps<(typeof import('../../inertia/pages/catalog/courses_index.tsx'))['default']>
    'catalog/document_show': ExtractProps<(typeof import('../../inertia/pages/catalog/document_show.tsx'))['default']>
    'catalog/documents_index': ExtractProps<(typeof import('../../inertia/pages/catalog/documents_index.tsx'))['default']>
    'catalog/institution_courses': ExtractProps<(typeof import('../../inertia/pages/catalog/institution_courses.tsx'))['default']>
    'catalog/institution_show': ExtractProps<(typeof import('../../inertia/pages/catalog/institution_show.tsx'))['default']>
    'catalog/institutions_index': ExtractProps<(typeof import('../../inertia/pages/catalog/institutions_index.tsx'))['default']>
    'errors/bad_request': ExtractProps<(typeof import('../../inertia/pages/errors/bad_request.tsx'))['default']>
    'errors/forbidden': ExtractProps<(typeof import('../../inertia/pages/errors/forbidden.tsx'))['default']>
    'errors/not_found': ExtractProps<(typeof import('../../inertia/pages/errors/not_found.tsx'))['default']>
    'errors/server_error': ExtractProps<(typeof import('../../inertia/pages/errors/server_error.tsx'))['default']>
    'home': ExtractProps<(typeof import('../../inertia/pages/home.tsx'))['default']>
    'notes/canvas': ExtractProps<(typeof import('../../inertia/pages/notes/canvas.tsx'))['default']>
    'notes/editor': ExtractProps<(typeof import('../../inertia/pages/notes/editor.tsx'))['default']>
    'notes/index': ExtractProps<(typeof import('../../inertia/pages/notes/index.tsx'))['default']>
    'settings/index': ExtractProps<(typeof import('../../inertia/pages/settings/index.tsx'))['default']>
    'study/index': ExtractProps<(typeof import('../../inertia/pages/study/index.tsx'))['default']>
    'study/item': ExtractProps<(typeof import('../../inertia/pages/study/item.tsx'))['default']>
    'study/review': ExtractProps<(typeof import('../../inertia/pages/study/review.tsx'))['default']>
    'workspace/dashboard': ExtractProps<(typeof import('../../inertia/pages/workspace/dashboard.tsx'))['default']>
    'workspace/my_courses': ExtractProps<(typeof import('../../inertia/pages/workspace/my_courses.tsx'))['default']>
    'workspace/my_documents': ExtractProps<(typeof import('../../inertia/pages/workspace/my_documents.tsx'))['default']>
    'workspace/onboarding': ExtractProps<(typeof import('../../inertia/pages/workspace/onboarding.tsx'))['default']>
    'workspace/warning': ExtractProps<(typeof import('../../inertia/pages/workspace/warning.tsx'))['default']>
  }
}
