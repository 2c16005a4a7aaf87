import { fsrs, generatorParameters, Rating, type Card, type Grade, type FSRS, type ReviewLog } from 'ts-fsrs'
import { studyConfig } from '#config/study'

/** The FSRS state a review card stores (study_cards), in plain values. */
export type CardState = {
  due: Date
  stability: number
  difficulty: number
  elapsed_days: number
  scheduled_days: number
  learning_steps: number
  reps: number
  lapses: number
  state: number
  last_review: Date | null
}

export type Intervals = { again: number; hard: number; good: number; easy: number }
export type ReviewRating = 1 | 2 | 3 | 4

export const RATINGS: readonly ReviewRating[] = [1, 2, 3, 4]
const NAMES = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' } as const

/**
 * FSRS through ts-fsrs (issue 27). Fuzz is off: the interval a card shows before the student
 * rates it must be the one the rating then stores, and fuzz would move it between the two
 * calls. Short-term learning steps stay on (1 min, 10 min), as in Anki.
 */
export class FsrsScheduler {
  private engine: FSRS

  constructor(options: { requestRetention?: number; maximumIntervalDays?: number } = {}) {
    this.engine = fsrs(
      generatorParameters({
        request_retention: options.requestRetention ?? studyConfig.requestRetention,
        maximum_interval: options.maximumIntervalDays ?? studyConfig.maximumIntervalDays,
        enable_fuzz: false,
        enable_short_term: true,
      })
    )
  }

  /** A card never reviewed, due now. */
  static newState(now: Date): CardState {
    return {
      due: now,
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 0,
      lapses: 0,
      state: 0,
      last_review: null,
    }
  }

  /** The next interval of each rating, in whole seconds from `now`. */
  intervals(card: CardState, now: Date): Intervals {
    const preview = this.engine.repeat(toCard(card), now)
    const out = { again: 0, hard: 0, good: 0, easy: 0 }
    for (const rating of RATINGS) {
      const due = preview[rating as Grade].card.due.getTime()
      out[NAMES[rating]] = Math.max(0, Math.round((due - now.getTime()) / 1000))
    }
    return out
  }

  /** The card after one rating at `now`, and its review log. */
  rate(card: CardState, rating: ReviewRating, now: Date): { card: CardState; log: ReviewLog } {
    const result = this.engine.next(toCard(card), now, rating as unknown as Grade)
    return { card: fromCard(result.card), log: result.log }
  }
}

function toCard(state: CardState): Card {
  return { ...state, last_review: state.last_review ?? undefined }
}

function fromCard(card: Card): CardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ?? null,
  }
}

export { Rating }
