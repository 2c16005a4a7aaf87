import type { ChunkRef } from '#models/ai_json'
import type {
  AiEngine,
  AnswerResult,
  CourseResult,
  Difficulty,
  FlashcardsResult,
  Passage,
  StudyGuideResult,
  SummaryResult,
  TriviaResult,
} from '#services/ai/engine'
import {
  bm25,
  extractKeywords,
  findWhole,
  inverseDocumentFrequency,
  seededRandom,
  sparseCosine,
  splitSentences,
  stem,
  terms,
  textRank,
  tfidfVector,
  type Keyword,
  type SparseVector,
} from '#services/ai/nlp'

type Sentence = {
  text: string
  position: number
  ref: ChunkRef
  tokens: string[]
  vector: SparseVector
  rank: number
  good: boolean
}

type Analysis = { sentences: Sentence[]; keywords: Keyword[]; titles: string[] }

const BLANK = '_____'

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

/** Replaces the first whole-word occurrence of `term` with a blank. */
function blankOut(sentence: string, term: string): string | null {
  const at = findWhole(sentence, term)
  if (at < 0) return null
  return sentence.slice(0, at) + BLANK + sentence.slice(at + term.length)
}

/** The surface form of `term` as it is written in `sentence`. */
function surface(sentence: string, term: string): string {
  const at = findWhole(sentence, term)
  return at < 0 ? term : sentence.slice(at, at + term.length)
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
    const sentences: Sentence[] = []
    for (const p of passages) {
      for (const text of splitSentences(p.text)) {
        const wordCount = text.split(/\s+/).length
        const good = text.length >= 25 && text.length <= 450 && wordCount >= 4 && /\p{L}/u.test(text) && !/[:;,]$/.test(text)
        sentences.push({
          text,
          position: sentences.length,
          ref: { document_id: p.document_id, chunk_index: p.chunk_index },
          tokens: terms(text),
          vector: new Map(),
          rank: 0,
          good,
        })
      }
    }
    const idf = inverseDocumentFrequency(sentences.map((s) => s.tokens))
    for (const s of sentences) s.vector = tfidfVector(s.tokens, idf)
    // Repeated sentences (headers, boilerplate) share one node of the graph.
    const nodeOf = new Map<string, number>()
    const nodes: SparseVector[] = []
    const index = sentences.map((s) => {
      let node = nodeOf.get(s.text)
      if (node === undefined) {
        node = nodes.length
        nodeOf.set(s.text, node)
        nodes.push(s.vector)
      }
      return node
    })
    const ranks = textRank(nodes)
    sentences.forEach((s, i) => (s.rank = ranks[index[i]]))
    if (!sentences.some((s) => s.good)) for (const s of sentences) s.good = s.text.length > 0
    const keywords = extractKeywords(
      sentences.filter((s) => s.good).map((s) => s.text),
      80
    )
    const titles = [...new Set(passages.map((p) => p.document_title))]
    return { sentences, keywords, titles }
  }

  /** Top sentences by TextRank with redundancy removed (MMR-style), in reading order. */
  private topSentences(analysis: Analysis, count: number, exclude = new Set<number>()): Sentence[] {
    const ranked = analysis.sentences.filter((s) => s.good && !exclude.has(s.position)).sort((a, b) => b.rank - a.rank || a.position - b.position)
    const chosen: Sentence[] = []
    for (const s of ranked) {
      if (chosen.some((c) => sparseCosine(c.vector, s.vector) > 0.6 || c.text === s.text)) continue
      chosen.push(s)
      if (chosen.length >= count) break
    }
    return chosen.sort((a, b) => a.position - b.position)
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
        .filter((s) => s.good && s.text.length <= 260 && !used.has(s.position) && findWhole(s.text, keyword.phrase) >= 0)
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
    const analysis = this.analyze(passages)
    const cards: FlashcardsResult['cards'] = []
    const usedSentences = new Set<number>()
    const usedTerms = new Set<string>()
    const make = (term: string, sentence: Sentence) => {
      const form = surface(sentence.text, term)
      const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      const definition = new RegExp(`^(?:(?:A|An|The)\\s+)?${escaped}\\s+(is|are|was|were|refers to|means|describes)\\b`, 'iu').exec(sentence.text)
      let front: string
      if (definition) {
        const verb = definition[1].toLowerCase()
        front = verb === 'are' || verb === 'were' ? `What are ${form}?` : `What is ${form}?`
      } else {
        front = `Fill in the blank: ${blankOut(sentence.text, form)}`
      }
      cards.push({ front, back: sentence.text, citation: sentence.ref })
      usedSentences.add(sentence.position)
      usedTerms.add(stem(form.toLowerCase()))
    }
    const ordered = [...analysis.keywords.filter((k) => k.nounish), ...analysis.keywords.filter((k) => !k.nounish)]
    for (const keyword of ordered) {
      if (cards.length >= count) break
      if (keyword.kind === 'number') continue
      const best = analysis.sentences
        .filter((s) => s.good && !usedSentences.has(s.position) && s.text.length > keyword.phrase.length + 10 && findWhole(s.text, keyword.phrase) >= 0)
        .sort((a, b) => b.rank - a.rank)[0]
      if (best) make(keyword.phrase, best)
    }
    // Fewer terms than cards asked for: cloze the strongest content word of further sentences.
    if (cards.length < count) {
      const rest = analysis.sentences.filter((s) => s.good && !usedSentences.has(s.position)).sort((a, b) => b.rank - a.rank)
      for (const s of rest) {
        if (cards.length >= count) break
        const word = [...s.vector.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([t]) => (s.text.match(new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\p{L}]*`, 'iu')) || [])[0])
          .find((w) => w && w.length >= 4 && !usedTerms.has(stem(w.toLowerCase())))
        if (word) make(word, s)
      }
    }
    const title = analysis.titles.length === 1 ? `Flashcards: ${analysis.titles[0]}` : `Flashcards: ${titleCase(analysis.keywords[0]?.phrase || 'your documents')}`
    return { title: title.slice(0, 250), cards }
  }

  async answer(passages: Passage[], { query }: { query: string }): Promise<AnswerResult> {
    const top = passages.slice(0, 3)
    const analysis = this.analyze(top)
    const queryTerms = terms(query)
    const scores = bm25(queryTerms, analysis.sentences.map((s) => s.tokens))
    const ranked = analysis.sentences
      .map((s, i) => ({ s, score: scores[i] + s.rank * 0.01 }))
      .filter((x) => scores[analysis.sentences.indexOf(x.s)] > 0)
      .sort((a, b) => b.score - a.score)
    let picked: Sentence[]
    if (ranked.length > 0) {
      const best = ranked[0].score
      picked = ranked
        .filter((x, i) => i === 0 || x.score >= best * 0.6)
        .slice(0, 3)
        .map((x) => x.s)
    } else {
      // Positional fallback: nothing matched the words of the question; lead with the
      // opening sentences of the best-ranked passage.
      picked = analysis.sentences.filter((s) => s.good).slice(0, 2)
      if (picked.length === 0) picked = analysis.sentences.slice(0, 2)
    }
    return { answer: picked.map((s) => s.text).join(' '), citations: uniqueRefs(picked.map((s) => s.ref)) }
  }

  async studyGuide(passages: Passage[]): Promise<StudyGuideResult> {
    const analysis = this.analyze(passages)
    const good = analysis.sentences.filter((s) => s.good)
    const overview = this.topSentences(analysis, Math.min(3, good.length))
    const sections: StudyGuideResult['sections'] = [
      { heading: 'Overview', content: overview.map((s) => s.text).join(' '), citations: uniqueRefs(overview.map((s) => s.ref)) },
    ]
    // Topic clusters: each sentence joins the best-ranked term it mentions.
    const topicCount = Math.max(1, Math.min(6, Math.ceil(good.length / 8)))
    const seeds = analysis.keywords.filter((k) => k.kind !== 'number').slice(0, topicCount * 2)
    const clusters = new Map<string, { keyword: Keyword; members: Sentence[] }>()
    for (const s of good) {
      const keyword = seeds.find((k) => findWhole(s.text, k.phrase) >= 0)
      if (!keyword) continue
      const entry = clusters.get(keyword.key) || { keyword, members: [] }
      entry.members.push(s)
      clusters.set(keyword.key, entry)
    }
    const ordered = [...clusters.values()]
      .filter((c) => c.members.length >= (good.length > 12 ? 2 : 1))
      .sort((a, b) => b.members.reduce((x, s) => x + s.rank, 0) - a.members.reduce((x, s) => x + s.rank, 0))
      .slice(0, topicCount)
      .sort((a, b) => a.members[0].position - b.members[0].position)
    const overviewSet = new Set(overview.map((s) => s.position))
    for (const cluster of ordered) {
      const members = cluster.members
        .filter((s) => !overviewSet.has(s.position))
        .sort((a, b) => b.rank - a.rank)
        .slice(0, 4)
        .sort((a, b) => a.position - b.position)
      if (members.length === 0) continue
      sections.push({
        heading: titleCase(cluster.keyword.phrase).slice(0, 200),
        content: members.map((s) => s.text).join(' '),
        citations: uniqueRefs(members.map((s) => s.ref)),
      })
    }
    const title = analysis.titles.length === 1 ? `Study guide: ${analysis.titles[0]}` : `Study guide: ${titleCase(analysis.keywords[0]?.phrase || 'your documents')}`
    return { title: title.slice(0, 250), sections: sections.filter((s) => s.content) }
  }

  async trivia(
    passages: Passage[],
    { count, difficulty, focusTopic, seed }: { count: number; difficulty: Difficulty; focusTopic: string | null; seed: number }
  ): Promise<TriviaResult> {
    const analysis = this.analyze(passages)
    const random = seededRandom(seed)
    const focus = new Set(focusTopic ? terms(focusTopic) : [])
    // Answers and distractors are likely nouns (terms), so options read as the same kind of thing.
    const all = analysis.keywords.filter((k) => k.phrase.length >= 3)
    const nouns = all.filter((k) => k.nounish)
    const pool = nouns.length >= 4 ? nouns : all
    type Candidate = { keyword: Keyword; sentence: Sentence; focus: boolean }
    const candidates: Candidate[] = []
    const usedSentences = new Set<number>()
    for (const keyword of pool) {
      const sentence = analysis.sentences
        .filter((s) => s.good && !usedSentences.has(s.position) && s.text.length <= 320 && findWhole(s.text, keyword.phrase) >= 0)
        .sort((a, b) => b.rank - a.rank)[0]
      if (!sentence) continue
      usedSentences.add(sentence.position)
      candidates.push({ keyword, sentence, focus: focus.size > 0 && sentence.tokens.some((t) => focus.has(t)) })
    }
    // Easy: the most central facts; hard: the less prominent ones (rarer terms).
    candidates.sort((a, b) => {
      if (a.focus !== b.focus) return a.focus ? -1 : 1
      if (difficulty === 'hard') return a.keyword.count - b.keyword.count || b.sentence.rank - a.sentence.rank
      if (difficulty === 'easy') return b.sentence.rank - a.sentence.rank
      return b.keyword.score - a.keyword.score
    })
    const compatible = (a: Keyword, b: Keyword) =>
      a.kind === b.kind || (a.kind !== 'number' && b.kind !== 'number' && (a.kind === 'word' || a.kind === 'phrase') && (b.kind === 'word' || b.kind === 'phrase'))
    const questions: TriviaResult['questions'] = []
    for (const { keyword, sentence } of candidates) {
      if (questions.length >= count) break
      const answer = surface(sentence.text, keyword.phrase)
      const blanked = blankOut(sentence.text, answer)
      if (!blanked) continue
      const lowerAnswer = answer.toLowerCase()
      const distractors = pool
        .filter((k) => k.key !== keyword.key && compatible(k, keyword))
        .filter((k) => {
          const l = k.phrase.toLowerCase()
          return !l.includes(lowerAnswer) && !lowerAnswer.includes(l) && findWhole(sentence.text, k.phrase) < 0
        })
        .map((k) => ({ k, distance: Math.abs(k.phrase.length - answer.length) + (k.kind === keyword.kind ? 0 : 5) }))
        .sort((a, b) => (difficulty === 'easy' ? b.k.score - a.k.score : a.distance - b.distance || b.k.score - a.k.score))
      const options: string[] = []
      const seen = new Set([lowerAnswer])
      for (const { k } of distractors) {
        const l = k.phrase.toLowerCase()
        if (seen.has(l)) continue
        seen.add(l)
        options.push(k.phrase)
        if (options.length >= 3) break
      }
      if (options.length < 1) continue
      const correctIndex = Math.floor(random() * (options.length + 1))
      options.splice(correctIndex, 0, answer)
      questions.push({
        question: `Which term completes this statement? "${blanked}"`,
        options,
        correctIndex,
        explanation: `The source says: "${sentence.text}"`,
        citation: sentence.ref,
      })
    }
    return { questions }
  }

  async course(passages: Passage[], { topic, level }: { topic: string; level: 'beginner' | 'intermediate' | 'advanced' }): Promise<CourseResult> {
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
        description: `A ${level} course on ${topic}, built from ${guide.title.replace(/^Study guide: /, '')}. ${guide.sections[0]?.content.split(/(?<=[.!?])\s/)[0] || ''}`.trim(),
        modules: modules.filter((m) => m.lessons.length > 0),
      }
    }
    // No documents: a structured outline for the topic (the local engine invents no facts).
    const depth = level === 'beginner' ? 'the basic vocabulary and ideas' : level === 'intermediate' ? 'how the core ideas connect' : 'edge cases, trade-offs and open questions'
    const modules = [
      { title: `Foundations of ${topic}`, lessons: [
        { title: `What ${topic} is`, summary: `Define ${topic} in your own words and list ${depth}.` },
        { title: 'Key terms', summary: `Build a glossary of the terms used in ${topic}; turn it into flashcards.` },
      ] },
      { title: `Core concepts of ${topic}`, lessons: [
        { title: 'Main principles', summary: `Study the main principles of ${topic} and explain each with an example.` },
        { title: 'Worked examples', summary: `Work through examples of ${topic}, from simple to ${level === 'beginner' ? 'moderate' : 'complex'}.` },
      ] },
      { title: `Applying ${topic}`, lessons: [
        { title: 'Practice problems', summary: `Solve practice problems on ${topic} and check your reasoning.` },
        { title: 'Common mistakes', summary: `Collect the mistakes people make with ${topic} and how to avoid them.` },
      ] },
      { title: 'Review and self-test', lessons: [
        { title: 'Summary', summary: `Summarise ${topic} on one page.` },
        { title: 'Self-test', summary: `Quiz yourself on ${topic}; upload your notes to generate a trivia game.` },
      ] },
    ]
    return { title: `${titleCase(topic)} (${levelLabel})`, description: `A ${level} course outline on ${topic}: foundations, core concepts, application and review.`, modules }
  }
}
