import env from '#start/env'

/*
| Spaced review (issue 27). STUDY_REQUEST_RETENTION: the recall probability FSRS schedules
| for, 0.70..0.97 (default 0.9, ts-fsrs' own default). STUDY_MAXIMUM_INTERVAL_DAYS: the
| longest interval, 1..36500 days (default 36500). Values outside the range fall back to
| the default rather than crash the scheduler.
*/
function within(value: number | undefined, min: number, max: number, fallback: number) {
  return value !== undefined && Number.isFinite(value) && value >= min && value <= max ? value : fallback
}

export const studyConfig = {
  requestRetention: within(env.get('STUDY_REQUEST_RETENTION'), 0.7, 0.97, 0.9),
  maximumIntervalDays: Math.floor(within(env.get('STUDY_MAXIMUM_INTERVAL_DAYS'), 1, 36500, 36500)),
  /** How many cards in a row rated Again flag a card as a leech. */
  leechAgainStreak: 2,
  /**
   * The same rating of the same card again within this many seconds is the same submit (a
   * double click, a retried request): it answers the first result and writes nothing. The
   * shortest interval FSRS gives is 60 s, so no card is served twice inside this window.
   */
  duplicateRatingWindowSeconds: 30,
}
