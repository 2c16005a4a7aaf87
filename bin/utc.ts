/*
| The process runs in UTC whatever the host's TZ. Stored times are UTC; SQLite keeps them as
| 'yyyy-MM-dd HH:mm:ss' without a zone, which JavaScript and Lucid read in the local zone, so
| on a +14 host a deadline moved by 14 hours (docs/decisions/study_review.md "Audit with
| outside input"). Imported first by bin/ignitor.ts, before anything reads the zone; Node
| applies a new TZ to Date and Intl at once.
*/
process.env.TZ = 'UTC'
