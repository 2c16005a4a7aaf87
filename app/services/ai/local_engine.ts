import type { ChunkRef } from '#models/ai_json'
import {
  NOT_FOUND_ANSWER,
  type AiEngine,
  type AnswerResult,
  type CourseResult,
  type FlashcardsResult,
  type Passage,
  type StudyGuideResult,
  type SummaryResult,
  type TriviaOptions,
  type TriviaResult,
} from '#services/ai/engine'
import { findAnswer } from '#services/ai/answer_finder'
import { buildTrivia } from '#services/ai/trivia_builder'
import { buildFlashcards } from '#services/ai/flashcard_builder'
import { rankPassages, type Retrieval } from '#services/ai/retrieval'
import { findWhole, splitSentences } from '#services/ai/nlp'
import { cutAtCharacter } from '#shared/text'
import type { Keyword } from '#services/ai/keywords'
import { analyzePassages, type Analysis, type Sentence } from '#services/ai/passage_analysis'
import { mmrSelect, topicClusters } from '#services/ai/topic_selection'

function titleCase(phrase: string) {
  return phrase
    .split(' ')
    .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ')
}

function uniqueRefs(refs: ChunkRef[]): ChunkRef[] {
  const seen = new Set<string>()
  const out: ChunkRef[] = []
  for (const r of refs) {
    const key = `${r.document_id}:${r.chunk_index}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(r)
  }
  return out
}

/**
 * The embedded engine: extractive and grounded. Every summary sentence, key point,
 * flashcard back, study-guide line, QA answer and trivia answer is copied from the source
 * text; nothing is invented. Ranking is TextRank over TF-IDF sentence vectors; terms come
 * from keyword extraction; QA ranks sentences with BM25 inside the retrieved passages.
 */
export class LocalEngine implements AiEngine {
  readonly name = 'local'

  analyze(passages: Passage[]): Analysis {
    return analyzePassages(passages)
  }

  /** Sentences that cover the documents' topics (MMR over sentence vectors, topic_selection.ts), in reading order. */
  private topSentences(analysis: Analysis, count: number, exclude = new Set<number>()): Sentence[] {
    const candidates = analysis.sentences.filter((s) => s.good && !exclude.has(s.position))
    return mmrSelect(candidates, count).sort((a, b) => a.position - b.position)
  }

  async summarize(passages: Passage[]): Promise<SummaryResult> {
    const analysis = this.analyze(passages)
    const n = analysis.sentences.filter((s) => s.good).length
    const k = Math.max(1, Math.min(7, Math.round(Math.sqrt(n)), n))
    const summary = this.topSentences(analysis, k)
    const used = new Set(summary.map((s) => s.position))
    // Key points: the best sentence for each of the leading terms, short ones first.
    const points: Sentence[] = []
    for (const keyword of analysis.keywords) {
      if (points.length >= 5) break
      const candidates = analysis.sentences
        .filter(
          (s) => s.good && s.text.length <= 260 && !used.has(s.position) && findWhole(s.text, keyword.phrase) >= 0
        )
        .sort((a, b) => b.rank - a.rank)
      const best = candidates[0]
      if (!best) continue
      used.add(best.position)
      points.push(best)
    }
    if (points.length === 0) points.push(...summary.slice(0, 3))
    return {
      summary: summary.map((s) => s.text).join(' '),
      key_points: points.map((s) => s.text),
      citations: uniqueRefs([...summary, ...points].map((s) => s.ref)),
    }
  }

  async flashcards(passages: Passage[], { count }: { count: number }): Promise<FlashcardsResult> {
    const cards = buildFlashcards(passages, count)
    const titles = [...new Set(passages.map((p) => p.document_title))]
    const title = titles.length === 1 ? `Flashcards: ${titles[0]}` : `Flashcards: ${titles.slice(0, 3).join(', ')}`
    return { title: cutAtCharacter(title, 250), cards }
  }

  async answer(
    passages: Passage[],
    { query, retrieval }: { query: string; retrieval?: Retrieval }
  ): Promise<AnswerResult> {
    // Imported on use: the encoders read the app's settings, which a bench run does not boot. Without a
    // retrieval (the tools always give one) the boot settings decide.
    const vector =
      retrieval || !passages.some((p) => p.vectors)
        ? null
        : await (async () => {
            const [{ embedQuery }, { aiConfig }] = await Promise.all([
              import('#services/ai/embeddings/encoders'),
              import('#config/ai'),
            ])
            return embedQuery(aiConfig, passages, query)
          })()
    const ranking = retrieval ?? rankPassages(passages, query, vector)
    const result = findAnswer(ranking, query)
    return result.found ? result : { answer: NOT_FOUND_ANSWER, found: false, citations: [] }
  }

  async studyGuide(passages: Passage[]): Promise<StudyGuideResult> {
    const analysis = this.analyze(passages)
    const good = analysis.sentences.filter((s) => s.good)
    const overview = this.topSentences(analysis, Math.min(3, good.length))
    const sections: StudyGuideResult['sections'] = [
      {
        heading: 'Overview',
        content: overview.map((s) => s.text).join(' '),
        citations: uniqueRefs(overview.map((s) => s.ref)),
      },
    ]
    const structured = this.sectionsFromHeadings(analysis, new Set(overview.map((s) => s.position)))
    if (structured.length >= 2) {
      const title =
        analysis.titles.length === 1
          ? `Study guide: ${analysis.titles[0]}`
          : `Study guide: ${titleCase(analysis.keywords[0]?.phrase || 'your documents')}`
      return { title: cutAtCharacter(title, 250), sections: [...sections, ...structured].filter((s) => s.content) }
    }
    // Topic clusters over sentence vectors; each named by the leading key term its sentences share.
    const topicCount = Math.max(1, Math.min(6, Math.ceil(good.length / 8)))
    const overviewSet = new Set(overview.map((s) => s.position))
    const named = new Set<string>()
    for (const cluster of topicClusters(good, topicCount)) {
      if (cluster.length < (good.length > 12 ? 2 : 1)) continue
      // The key term most of the cluster's sentences mention (the better-ranked one on a tie).
      const shared = (k: Keyword) => cluster.filter((s) => findWhole(s.text, k.phrase) >= 0).length
      const keyword = analysis.keywords
        .filter((k) => k.kind !== 'number' && !named.has(k.key))
        .slice(0, 40)
        .reduce<Keyword | null>((best, k) => (shared(k) > (best ? shared(best) : 0) ? k : best), null)
      const members = cluster
        .filter((s) => !overviewSet.has(s.position))
        .slice(0, 4)
        .sort((a, b) => a.position - b.position)
      if (!keyword || members.length === 0) continue
      named.add(keyword.key)
      sections.push({
        heading: cutAtCharacter(titleCase(keyword.phrase), 200),
        content: members.map((s) => s.text).join(' '),
        citations: uniqueRefs(members.map((s) => s.ref)),
      })
    }
    const title =
      analysis.titles.length === 1
        ? `Study guide: ${analysis.titles[0]}`
        : `Study guide: ${titleCase(analysis.keywords[0]?.phrase || 'your documents')}`
    return { title: cutAtCharacter(title, 250), sections: sections.filter((s) => s.content) }
  }

  /** One section per heading of the documents: its most central sentences, in reading order. */
  private sectionsFromHeadings(analysis: Analysis, exclude: Set<number>): StudyGuideResult['sections'] {
    const out: StudyGuideResult['sections'] = []
    let current: { heading: string; members: Sentence[] } | null = null
    const flush = () => {
      if (!current) return
      const members = current.members
        .filter((m) => !exclude.has(m.position))
        .sort((a, b) => b.rank - a.rank)
        .slice(0, 4)
        .sort((a, b) => a.position - b.position)
      if (members.length)
        out.push({
          heading: cutAtCharacter(current.heading, 200),
          content: members.map((m) => m.text).join(' '),
          citations: uniqueRefs(members.map((m) => m.ref)),
        })
    }
    for (const s of analysis.sentences) {
      if (s.heading) {
        flush()
        current = { heading: s.text, members: [] }
      } else if (current && s.good) current.members.push(s)
    }
    flush()
    return out.slice(0, 12)
  }

  async trivia(passages: Passage[], options: TriviaOptions): Promise<TriviaResult> {
    return buildTrivia(passages, options)
  }

  async course(
    passages: Passage[],
    { topic, level }: { topic: string; level: 'beginner' | 'intermediate' | 'advanced' }
  ): Promise<CourseResult> {
    const levelLabel = level.charAt(0).toUpperCase() + level.slice(1)
    if (passages.length > 0) {
      const guide = await this.studyGuide(passages)
      const modules = guide.sections.map((section, index) => {
        const sentences = splitSentences(section.content)
        return {
          title: index === 0 ? `Introduction to ${topic}` : section.heading,
          lessons: sentences.slice(0, 4).map((sentence, i) => ({
            title: `${index === 0 ? 'Overview' : section.heading} – part ${i + 1}`,
            summary: sentence,
          })),
        }
      })
      return {
        title: `${titleCase(topic)} (${levelLabel})`,
        description:
          `A ${level} course on ${topic}, built from ${guide.title.replace(/^Study guide: /, '')}. ${guide.sections[0]?.content.split(/(?<=[.!?])\s/)[0] || ''}`.trim(),
        modules: modules.filter((m) => m.lessons.length > 0),
      }
    }
    // No documents: a structured outline for the topic (the local engine invents no facts).
    const depth =
      level === 'beginner'
        ? 'the basic vocabulary and ideas'
        : level === 'intermediate'
          ? 'how the core ideas connect'
          : 'edge cases, trade-offs and open questions'
    const modules = [
      {
        title: `Foundations of ${topic}`,
        lessons: [
          { title: `What ${topic} is`, summary: `Define ${topic} in your own words and list ${depth}.` },
          { title: 'Key terms', summary: `Build a glossary of the terms used in ${topic}; turn it into flashcards.` },
        ],
      },
      {
        title: `Core concepts of ${topic}`,
        lessons: [
          {
            title: 'Main principles',
            summary: `Study the main principles of ${topic} and explain each with an example.`,
          },
          {
            title: 'Worked examples',
            summary: `Work through examples of ${topic}, from simple to ${level === 'beginner' ? 'moderate' : 'complex'}.`,
          },
        ],
      },
      {
        title: `Applying ${topic}`,
        lessons: [
          { title: 'Practice problems', summary: `Solve practice problems on ${topic} and check your reasoning.` },
          {
            title: 'Common mistakes',
            summary: `Collect the mistakes people make with ${topic} and how to avoid them.`,
          },
        ],
      },
      {
        title: 'Review and self-test',
        lessons: [
          { title: 'Summary', summary: `Summarise ${topic} on one page.` },
          { title: 'Self-test', summary: `Quiz yourself on ${topic}; upload your notes to generate a trivia game.` },
        ],
      },
    ]
    return {
      title: `${titleCase(topic)} (${levelLabel})`,
      description: `A ${level} course outline on ${topic}: foundations, core concepts, application and review.`,
      modules,
    }
  }
}
