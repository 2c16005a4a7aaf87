/*
| Fixed facts of the crawler surfaces (docs/rules/crawler.md#sitemaps, docs/rules/operations.md#addresses).
*/
export const SITEMAP_KINDS = ['institutions', 'courses', 'documents'] as const
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

export function isSitemapKind(value: string): value is SitemapKind {
  return (SITEMAP_KINDS as readonly string[]).includes(value)
}

/** docs/rules/crawler.md#sitemaps: at most 50,000 URLs per chunk (CHUNK_SIZE). */
export const CHUNK_SIZE = 50_000

/** sitemaps.org: a file must stay under 50 MB uncompressed. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** docs/rules/crawler.md#sitemaps: every sitemap GET and llms.txt. */
export const SITEMAP_HTTP_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400'

/** docs/rules/crawler.md#storage: metadata of uploaded objects. */
export const SITEMAP_OBJECT_CACHE_CONTROL = 'public, max-age=604800'

/** docs/rules/operations.md#migrations: stored objects live under this prefix. */
export const SITEMAP_OBJECT_PREFIX = 'v2/sitemaps'

/**
 * lastmod of the static urlset: the date its content last changed (bump it when the static
 * pages change), never the time of a run, so an unchanged site uploads nothing.
 */
export const STATIC_CONTENT_UPDATED_AT = '2026-11-01T00:00:00Z'

export const KIND_URL_RULES: Record<SitemapKind, { path: string; changefreq: string; priority: string }> = {
  institutions: { path: '/institutions', changefreq: 'weekly', priority: '0.8' },
  courses: { path: '/courses', changefreq: 'weekly', priority: '0.7' },
  documents: { path: '/documents', changefreq: 'weekly', priority: '0.6' },
}

/** The twelve /ai/* landing pages (docs/rules/ai.md#tools), with a one-line description for llms.txt. */
export const AI_TOOL_PAGES: { slug: string; name: string; description: string }[] = [
  {
    slug: 'document-analyzer',
    name: 'Document Analyzer',
    description: 'Summarize a document or course into a short summary and key points.',
  },
  {
    slug: 'flashcard-builder',
    name: 'Flashcard Builder',
    description: 'Turn study material into question-and-answer flashcards.',
  },
  {
    slug: 'ask-documents',
    name: 'Ask Your Documents',
    description: 'Ask questions and get answers grounded in your documents, with sources.',
  },
  {
    slug: 'quiz-generator',
    name: 'Quiz Generator',
    description: 'Build a structured study guide with sections from your material.',
  },
  {
    slug: 'trivia-game',
    name: 'Trivia Game',
    description: 'Play a multiple-choice trivia game generated from your documents.',
  },
  { slug: 'pdf-summarizer', name: 'PDF Summarizer', description: 'Summarize uploaded PDFs into concise notes.' },
  {
    slug: 'lecture-notes-summarizer',
    name: 'Lecture Notes Summarizer',
    description: 'Condense lecture notes into a summary with key points.',
  },
  {
    slug: 'vocabulary-builder',
    name: 'Vocabulary Builder',
    description: 'Create vocabulary flashcards from your reading.',
  },
  {
    slug: 'chat-with-pdf',
    name: 'Chat with PDF',
    description: 'Chat with a PDF and get answers that cite the passages they come from.',
  },
  { slug: 'exam-prep', name: 'Exam Prep', description: 'Generate an exam study guide organised by topic.' },
  { slug: 'practice-test', name: 'Practice Test', description: 'Take a scored practice test with explanations.' },
  {
    slug: 'course-builder',
    name: 'Course Builder',
    description: 'Generate a structured course outline with modules and lessons.',
  },
]

/** The static urlset (docs/rules/crawler.md#sitemaps). */
export const STATIC_PAGES: { path: string; changefreq: string; priority: string }[] = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/institutions', changefreq: 'daily', priority: '0.9' },
  { path: '/courses', changefreq: 'daily', priority: '0.9' },
  { path: '/documents', changefreq: 'daily', priority: '0.9' },
  { path: '/ai', changefreq: 'weekly', priority: '0.8' },
  ...AI_TOOL_PAGES.map((tool) => ({ path: `/ai/${tool.slug}`, changefreq: 'monthly', priority: '0.7' })),
  { path: '/pricing', changefreq: 'monthly', priority: '0.5' },
]

export function objectName(kind: SitemapKind, chunk: number) {
  return `${kind}-${chunk}`
}

export function objectKey(name: string) {
  return `${SITEMAP_OBJECT_PREFIX}/${name}.xml`
}
