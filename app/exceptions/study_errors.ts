import { DomainError, fieldError } from '#exceptions/domain_error'

/** Domain errors of spaced review (issue 27, docs/rules/study.md#review "Study loop"). */
export class StudyCardNotFoundError extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', 'Card not found')
  }
}

export class StudyTriviaSessionNotFoundError extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', 'Trivia game not found')
  }
}

export class StudyNoteNotFoundError extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', 'Note not found')
  }
}

export class StudySetNotFoundError extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', 'Flashcard set not found')
  }
}

/** A question becomes a card only once the game was scored: before that its answer is secret. */
export class StudyTriviaNotScoredError extends DomainError {
  constructor() {
    const message = 'Submit your answers to this game before adding its questions to your cards'
    super(400, 'BAD_REQUEST', message, { errors: fieldError('trivia_session_id', 'scored', message) })
  }
}

export class StudyTriviaIndexError extends DomainError {
  constructor(total: number) {
    const message = `index must be between 0 and ${Math.max(0, total - 1)}`
    super(400, 'BAD_REQUEST', message, { errors: fieldError('index', 'range', message) })
  }
}

/** "For this exam" needs a note with a deadline still ahead. */
export class StudyExamNoteWithoutDeadlineError extends DomainError {
  constructor() {
    const message = 'The note needs a deadline in the future to mark sets for an exam'
    super(400, 'BAD_REQUEST', message, { errors: fieldError('note_id', 'deadline', message) })
  }
}

/** A card whose source document was hard-deleted is kept but suspended: rating it is refused. */
export class StudyCardSuspendedError extends DomainError {
  constructor() {
    super(409, 'CONFLICT', 'This card is suspended: the passage it came from was deleted')
  }
}
