/*
| The public benchmark of issue 25: twelve SQuAD 2.0 development articles (bench/data/squad2,
| CC BY-SA 4.0, attribution in bench/data/squad2/SOURCE.md). Each article is one document
| (its paragraphs joined by blank lines, chunked as an upload would be).
|
| DEV articles are the only ones used to fit weights and the refusal threshold; HELD-OUT
| articles are only ever reported. The reworded questions (bench/data/squad2/reworded.json)
| are rewordings of DEV questions, written for this benchmark.
*/
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chunkText } from '../../app/services/documents/chunker.ts'
import { normalizeText } from '../../app/services/ai/nlp.ts'
import type { Passage } from '../../app/services/ai/engine.ts'

export const SQUAD_DIR = join(import.meta.dirname, '..', 'data', 'squad2')

export const DEV_ARTICLES = [
  'Southern_California',
  'Victoria_(Australia)',
  'Packet_switching',
  'Geology',
  'Jacksonville,_Florida',
  'Immune_system',
]
export const HELD_OUT_ARTICLES = [
  'Sky_(United_Kingdom)',
  'Steam_engine',
  'Black_Death',
  'Harvard_University',
  'Economic_inequality',
  'Scottish_Parliament',
]

export type SquadQuestion = {
  id: string
  article: string
  question: string
  answers: string[]
  impossible: boolean
  context: string
}
export type Article = { title: string; text: string; paragraphs: string[]; questions: SquadQuestion[] }

type RawQa = { id: string; question: string; answers: { text: string }[]; is_impossible: boolean }
type RawArticle = { title: string; paragraphs: { context: string; qas: RawQa[] }[] }

let cache: Map<string, Article> | null = null

export function loadArticles(): Map<string, Article> {
  if (cache) return cache
  const raw = JSON.parse(readFileSync(join(SQUAD_DIR, 'squad2-dev-12-articles.json'), 'utf8')) as { data: RawArticle[] }
  cache = new Map()
  for (const a of raw.data) {
    const paragraphs = a.paragraphs.map((p) => p.context.trim())
    const questions = a.paragraphs.flatMap((p) =>
      p.qas.map((q) => ({
        id: q.id,
        article: a.title,
        question: q.question.trim(),
        answers: [...new Set(q.answers.map((x) => x.text))],
        impossible: q.is_impossible,
        context: p.context,
      }))
    )
    cache.set(a.title, { title: a.title, text: normalizeText(paragraphs.join('\n\n')), paragraphs, questions })
  }
  return cache
}

/** One document per article, chunked as at upload; `documentId` tells articles apart in a shared scope. */
export function articlePassages(title: string, documentId = '1'): Passage[] {
  const article = loadArticles().get(title)!
  return chunkText(article.text).map((text, i) => ({
    document_id: documentId,
    document_title: title,
    chunk_index: i,
    text,
    vectors: null,
  }))
}

/**
 * A deterministic sample of an article's questions: every k-th answerable and unanswerable
 * question, `perKind` of each (all of them when `perKind` is Infinity).
 */
export function sampleQuestions(title: string, perKind: number): SquadQuestion[] {
  const all = loadArticles().get(title)!.questions
  const pick = (list: SquadQuestion[]) => {
    if (list.length <= perKind) return list
    const step = list.length / perKind
    return Array.from({ length: perKind }, (_, i) => list[Math.floor(i * step)])
  }
  return [...pick(all.filter((q) => !q.impossible)), ...pick(all.filter((q) => q.impossible))]
}

export type Reworded = { id: string; article: string; original: string; question: string; answers: string[] }

/** The reported reworded set (`reworded.json`), or the tuning set (`reworded_tune.json`). */
export function loadReworded(set: 'reported' | 'tune' = 'reported'): Reworded[] {
  return JSON.parse(readFileSync(join(SQUAD_DIR, set === 'tune' ? 'reworded_tune.json' : 'reworded.json'), 'utf8'))
    .questions
}

/**
 * Human paraphrases of SQuAD questions (Gan and Ng, 2019) on the twelve articles, on HELD-OUT
 * or DEV articles (`paraphrased.json`); only ever reported.
 */
export function loadParaphrased(part: 'held' | 'dev'): Reworded[] {
  const all: Reworded[] = JSON.parse(readFileSync(join(SQUAD_DIR, 'paraphrased.json'), 'utf8')).questions
  return all.filter((q) => HELD_OUT_ARTICLES.includes(q.article) === (part === 'held'))
}

export const containsGold = (text: string, answers: string[]) =>
  answers.some((a) => text.toLowerCase().includes(a.toLowerCase()))
