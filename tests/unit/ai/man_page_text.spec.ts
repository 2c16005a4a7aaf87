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

const OPTIONS = [
  "       it also preserves the file's owner and group.",
  '',
  'OPTIONS',
  '       -a --ascii',
  '              Ascii  text  mode: convert end-of-lines using local conventions.',
  '              This option is supported only on some non-Unix systems. For  MS‐',
  '              DOS,  CR  LF is converted to LF when compressing, and LF is con‐',
  '              verted to CR LF when decompressing.',
  '',
  '       -c --stdout --to-stdout',
  '              Write output on standard output; keep original files  unchanged.',
  '              If  there  are several input files, the output consists of a se‐',
  '              quence of independently compressed  members.  To  obtain  better',
  '              compression,  concatenate  all  input  files  before compressing',
  '              them.',
  '',
  '       -d --decompress --uncompress',
  '              Decompress.',
  '',
  '       -f --force',
  '              Force compression or decompression even if the file has multiple',
  '              links  or  the corresponding file already exists, or if the com‐',
  '              pressed data is read from or written to a terminal. If the input',
  '              data  is  not  in a format recognized by gzip, and if the option',
  '              --stdout is also given, copy the input data  without  change  to',
  '              the  standard  output:  let  zcat  behave  as cat.  If -f is not',
  '              given, and when not running in the background, gzip  prompts  to',
  '              verify whether an existing file should be overwritten.',
  '',
  '       -h --help',
  '              Display a help screen and quit.',
  '',
  '       -k --keep',
  "              Keep (don't delete) input files during compression or decompres‐",
  '              sion.',
  '',
  '       -l --list',
  '              For each compressed file, list the following fields:',
  '',
  '                  compressed size: size of the compressed file',
  '                  uncompressed size: size of the uncompressed file',
  '                  ratio: compression ratio (0.0% if unknown)',
  '                  uncompressed_name: name of the uncompressed file',
].join('\n')

const stored = async (text: string) => (await ingestBuffer('txt', Buffer.from(text))).text

test.group('Man pages as plain text', () => {
  test('a word hyphenated at a line break with U+2010 is one word again', async ({ assert }) => {
    const text = await stored(GZIP)
    assert.include(text, 'In particular, it will ignore symbolic links.')
    assert.include(
      await stored(CONTROL_MASTER),
      'connection rather than initiating new ones, but will fall back to connecting'
    )
    assert.notInclude(text, '\u2010')
  })

  test('a wrapped line above a capitalised word stays in its paragraph', async ({ assert }) => {
    const text = await stored(CONTROL_MASTER)
    assert.include(text, 'Additional sessions can connect to this socket using the same ControlPath with ControlMaster')
    // A short title line above a sentence is still a heading of its own.
    assert.deepEqual(
      splitHeadingLines('It ends here.\nGetting started\nRun the installer and start it by typing its name.'),
      ['It ends here.', 'Getting started', 'Run the installer and start it by typing its name.']
    )
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

  test('a section name at the margin above indented text is a heading', async ({ assert }) => {
    const text = await stored(`${GZIP}\n\n${OPTIONS}`)
    assert.include(text, '# OPTIONS\n\n-a --ascii')
  })

  test('a question naming an option finds the option', async ({ assert }) => {
    const text = await stored(OPTIONS)
    const passages = [{ document_id: '1', document_title: 'gzip', chunk_index: 0, text, vectors: null }]
    for (const [question, answer] of [
      ['What does -c do?', /^-c --stdout --to-stdout Write output on standard output/],
      ['What does -d do?', /^-d --decompress --uncompress Decompress\.$/],
      ['What does -h do?', /^-h --help Display a help screen/],
    ] as const) {
      const result = await askLocal(passages, question, false)
      assert.match(result.answer, answer, question)
    }
  })
})

// GNU Libtasn1's manual 4.19 (libtasn1.pdf, GNU Free Documentation License 1.3): PDF.js gives the
// name ASN1_MAX_NAME_SIZE broken after an underscore at a line's end.
test.group('Names broken after an underscore', () => {
  test('are one name again', async ({ assert }) => {
    const text = await stored(
      'ASN1_IDENTIFIER_NOT_FOUND if an identifier with more than ASN1_MAX_\nNAME_SIZE characters is found.'
    )
    assert.include(text, 'more than ASN1_MAX_NAME_SIZE characters')
  })
})
