import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { askLocal } from '#tests/support/ai_passages'
import { splitHeadingLines } from '#services/ai/nlp'

/*
| Man pages rendered as text (`man -P cat`), uploaded as .txt: groff writes a hyphen that breaks a
| word at the end of a line as U+2010, and wraps lines wherever a word no longer fits, so a wrapped
| line may look like a title. Excerpts of ssh_config(5) from OpenSSH 9 (BSD licence) and gzip(1)
| from gzip 1.12 (GNU GPL v3+), as Debian installs them.
*/

const CONTROL_MASTER = [
  '     ControlMaster',
  '             Enables the sharing of multiple sessions over a single network',
  '             connection.  When set to yes, ssh(1) will listen for connections',
  '             on a control socket specified using the ControlPath argument.',
  '             Additional sessions can connect to this socket using the same',
  '             ControlPath with ControlMaster set to no (the default).  These',
  "             sessions will try to reuse the master instance's network connec\u2010",
  '             tion rather than initiating new ones, but will fall back to con\u2010',
  '             necting normally if the control socket does not exist, or is not',
  '             listening.',
].join('\n')

const GZIP = [
  '       The  gzip  command reduces the size of the named files using Lempel-Ziv',
  '       coding (LZ77).  If no files are specified, or if a file',
  '       name is "-", the standard input is compressed to the  standard  output.',
  '       The  gzip  command will only attempt to compress regular files.  In par\u2010',
  '       ticular, it will ignore symbolic links.',
].join('\n')

const stored = async (text: string) => (await ingestBuffer('txt', Buffer.from(text))).text

test.group('Man pages as plain text', () => {
  test('a word hyphenated at a line break with U+2010 is one word again', async ({ assert }) => {
    const text = await stored(GZIP)
    assert.include(text, 'In particular, it will ignore symbolic links.')
    assert.include(await stored(CONTROL_MASTER), 'connection rather than initiating new ones, but will fall back to connecting')
    assert.notInclude(text, '\u2010')
  })

  test('a wrapped line above a capitalised word stays in its paragraph', async ({ assert }) => {
    const text = await stored(CONTROL_MASTER)
    assert.include(text, 'Additional sessions can connect to this socket using the same ControlPath with ControlMaster')
    // A short title line above a sentence is still a heading of its own.
    assert.deepEqual(splitHeadingLines('It ends here.\nGetting started\nRun the installer and start it by typing its name.'), [
      'It ends here.',
      'Getting started',
      'Run the installer and start it by typing its name.',
    ])
  })

  test('Q&A answers from whole sentences', async ({ assert }) => {
    const text = await stored(`${GZIP}\n\n${CONTROL_MASTER}`)
    const passages = [{ document_id: '1', document_title: 'man', chunk_index: 0, text, vectors: null }]
    const links = await askLocal(passages, 'What does gzip do with symbolic links?', false)
    assert.isTrue(links.found)
    assert.equal(links.found && links.answer, 'In particular, it will ignore symbolic links.')
    const master = await askLocal(passages, 'What does ControlMaster do?', false)
    assert.notMatch(master.answer, /^ControlPath with/)
  })
})
