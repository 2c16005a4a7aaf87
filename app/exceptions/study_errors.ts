import { BadFieldError, DomainError, notFoundError } from '#exceptions/domain_error'

/** Domain errors of spaced review (issue 27, docs/rules/study.md#review "Study loop"). */
export class StudyCardNotFoundError extends notFoundError('Card not found') {}

export class StudyTriviaSessionNotFoundError extends notFoundError('Trivia game not found') {}

export class StudyNoteNotFoundError extends notFoundError('Note not found') {}

export class StudySetNotFoundError extends notFoundError('Flashcard set not found') {}

/** A question becomes a card only once the game was scored: before that its answer is secret. */
export class StudyTriviaNotScoredError extends BadFieldError {
  constructor() {
    super('trivia_session_id', 'scored', 'Submit your answers to this game before adding its questions to your cards')
  }
}

export class StudyTriviaIndexError extends BadFieldError {
  constructor(total: number) {
    super('index', 'range', `index must be between 0 and ${Math.max(0, total - 1)}`)
  }
}

/** "For this exam" needs a note with a deadline still ahead. */
export class StudyExamNoteWithoutDeadlineError extends BadFieldError {
  constructor() {
    super('note_id', 'deadline', 'The note needs a deadline in the future to mark sets for an exam')
  }
}

/** A card whose source document was hard-deleted is kept but suspended: rating it is refused. */
export class StudyCardSuspendedError extends DomainError {
  constructor() {
    super(409, 'CONFLICT', 'This card is suspended: the passage it came from was deleted')
  }
}
