import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'

/*
| A dash opening a wrapped line is punctuation, not a list (issue 25 item 3, docs/decisions/ai.md
| "Real documents"). Excerpt of dpkg's doc/spec/triggers.txt (/usr/share/doc/dpkg/spec, GPL-2+).
*/
const TRIGGERS = `For each explicit trigger in which any package is interested,
a file /var/lib/dpkg/triggers/<name-of-trigger> is a list of
the interested packages, one per line.

These interest files are not updated to remove a package just because
a state change causes it not to be interested in any triggers any more
- they are updated when we remove or unpack.

The activation states are:
- noawait: the triggering package does not wait;
- await: it waits for the trigger to be processed.

Features
- fast
- small
`

test.group('Plain text dashes (issue 25 item 3)', () => {
  test('a sentence wrapped before a dash stays one sentence; real lists stay lists', async ({ assert }) => {
    const { text } = await ingestBuffer('txt', Buffer.from(TRIGGERS))
    assert.include(text, 'interested in any triggers any more - they are updated when we remove or unpack.')
    assert.include(text, 'The activation states are:\n\n- noawait: the triggering package does not wait;')
    assert.match(text, /Features\n\n- fast\n- small/)
  })
})
