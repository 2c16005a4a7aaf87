/*
| robots.txt (docs/rules/crawler.md#robots) and llms.txt (docs/rules/crawler.md#llms) bodies.
*/
import { appUrl } from '#config/app'
import { AI_TOOL_PAGES, type SitemapKind } from '#services/sitemaps/constants'

export const ROBOTS_AGENT_BLOCKS: string[][] = [
  ['*'],
  ['Googlebot', 'Googlebot-Image', 'Googlebot-News', 'Googlebot-Video'],
  ['Bingbot', 'msnbot', 'BingPreview'],
  ['DuckDuckBot', 'Slurp', 'YandexBot', 'Baiduspider', 'Applebot'],
  [
    'GPTBot',
    'ChatGPT-User',
    'OAI-SearchBot',
    'ClaudeBot',
    'Claude-User',
    'anthropic-ai',
    'PerplexityBot',
    'Perplexity-User',
    'Google-Extended',
    'Applebot-Extended',
    'CCBot',
    'Bytespider',
    'Amazonbot',
    'meta-externalagent',
    'cohere-ai',
    'YouBot',
    'DuckAssistBot',
    'Diffbot',
  ],
]

export const ROBOTS_ALLOW = ['/', '/institutions', '/courses', '/documents', '/pricing', '/ai']

export const ROBOTS_DISALLOW = [
  '/api/',
  '/login',
  '/signup',
  '/onboarding',
  '/dashboard',
  '/my-courses',
  '/my-documents',
  '/notes',
  '/settings',
  '/ai-courses',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unauthorized',
  '/warning',
]

/**
 * Rules are ordered so that first-match parsers (Python's urllib.robotparser, several crawlers)
 * and longest-match parsers (RFC 9309) agree: every Disallow first, then the specific Allows
 * longest first, and the catch-all `Allow: /` last. (`/ai-courses` must be refused before
 * `/ai` is allowed.)
 */
export function robotsTxt(site = appUrl): string {
  const allows = [...ROBOTS_ALLOW].sort((a, b) => b.length - a.length)
  const blocks = ROBOTS_AGENT_BLOCKS.map((agents) =>
    [
      ...agents.map((agent) => `User-agent: ${agent}`),
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      ...allows.map((path) => `Allow: ${path}`),
    ].join('\n')
  )
  return `${blocks.join('\n\n')}\n\nSitemap: ${site}/sitemap.xml\n`
}

export const SITE_NAME = 'StudyHub'
export const SITE_TAGLINE = 'Study materials from real courses, with AI study tools that work over your own documents.'

const scale = (n: number, noun: string) => `${n.toLocaleString('en-US')} public ${n === 1 ? noun : `${noun}s`}`

/**
 * llms.txt in the llmstxt.org shape: H1, blockquote summary, a paragraph, then H2 sections whose
 * every line is a `- [name](url): notes` link item (the reference parser fails on any other line
 * in a section, so the counts and the crawling policy are link items too). The AI section holds
 * the twelve tools and nothing else (docs/rules/crawler.md#llms: all 12, one line each); the /ai hub is
 * linked from the intro paragraph. No catalog title or other user text is written here; the only
 * live values are numbers.
 */
export function llmsTxt(counts: Record<SitemapKind, { total: number; chunks: number }>, site = appUrl): string {
  const lines = [
    `# ${SITE_NAME}`,
    '',
    `> ${SITE_TAGLINE}`,
    '',
    `${SITE_NAME} is a study-material platform with a public catalog of institutions, courses and documents, and AI tools (summaries, flashcards, question answering, study guides, trivia games) that students run over documents they own. All twelve tools are also on one page: [AI study tools](${site}/ai).`,
    '',
    '## Catalog scale',
    '',
    `- [Institutions](${site}/institutions): ${scale(counts.institutions.total, 'institution')}`,
    `- [Courses](${site}/courses): ${scale(counts.courses.total, 'course')}`,
    `- [Documents](${site}/documents): ${scale(counts.documents.total, 'document')}`,
    '',
    '## Catalog',
    '',
    `- [Institutions](${site}/institutions): universities and schools, each with its courses and documents.`,
    `- [Courses](${site}/courses): courses with their code, institution and study documents.`,
    `- [Documents](${site}/documents): notes, guides and past papers, with a description and a preview.`,
    '',
    '## AI study tools',
    '',
    ...AI_TOOL_PAGES.map((tool) => `- [${tool.name}](${site}/ai/${tool.slug}): ${tool.description}`),
    '',
    '## Pricing and company',
    '',
    `- [Pricing](${site}/pricing): the free, pro and plus plans and what each includes.`,
    `- [Home](${site}/): what ${SITE_NAME} is and how it works.`,
    '',
    '## Sitemaps',
    '',
    `- [Sitemap index](${site}/sitemap.xml): every public URL, in chunks of at most 50,000.`,
    `- [Static pages](${site}/sitemaps/static): the home page, directories, AI tools and pricing.`,
    '',
    '## Crawling policy',
    '',
    `- [robots.txt](${site}/robots.txt): public catalog pages, the AI tool pages and pricing may be crawled and cited; account pages, notes, settings and the JSON API (/api/) are private and disallowed.`,
    `- [Sitemap index](${site}/sitemap.xml): only public documents are listed; private uploads never appear in sitemaps or here.`,
    '',
  ]
  return lines.join('\n')
}
