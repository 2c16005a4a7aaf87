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

  // tar(1) of GNU tar 1.34 rendered by `man -P cat` (Debian, GPL-3+): a number opening a wrapped line.
  test('a number other than 1 opening a wrapped line goes on with the sentence', async ({ assert }) => {
    const TAR = [
      '       --test-label',
      '              Test the archive volume label and exit.  When used without argu\u2010',
      '              ments, it prints the volume label (if any) and exits with status',
      '              0.  When one or more command line arguments are given.  tar com\u2010',
      '              pares the volume label with each argument.  It exits with code 0',
      '              if  a  match  is found, and with code 1 otherwise.',
    ].join('\n')
    const { text } = await ingestBuffer('txt', Buffer.from(TAR))
    assert.include(
      text,
      'exits with status 0. When one or more command line arguments are given. tar compares the volume'
    )
    const list = await ingestBuffer(
      'txt',
      Buffer.from('Steps to follow before the exam starts tomorrow morning\n1. Read\n2. Sleep')
    )
    assert.include(list.text, '1. Read\n2. Sleep')
  })
})
