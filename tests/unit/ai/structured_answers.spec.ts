import { test } from '@japa/runner'
import { askLocal, passagesOf, rankQuestion, storedPassages } from '#tests/support/ai_passages'

// From the README of the npm package `compression` 1.8 (MIT licence), as its upload is stored:
// headings as `#` lines. Asked "How do I install compression?", Q&A answered "Install", the
// heading, which shares the question's word and says nothing.
const README = [
  '# compression',
  'Node.js compression middleware.',
  '## Install',
  'This is a Node.js module available through the npm registry. Installation is done using the npm install command.',
  '## API',
  'Returns the compression middleware using the given options.',
  '### threshold',
  'The byte threshold for the response body size before compression is considered for the response.',
].join('\n\n')

// bzip2's manual (BSD-style licence) as its PDF is read: a command synopsis as a line of its own.
const MANUAL = [
  'bzip2recover filename',
  'bzip2recover is a simple program whose purpose is to search for blocks in damaged .bz2 files, and write each block out into its own .bz2 file.',
].join('\n\n')

test.group('Q&A never answers with a heading', () => {
  for (const dense of [false, true]) {
    test(`a heading ranks but never answers (${dense ? 'with' : 'without'} vectors)`, async ({ assert }) => {
      const passages = passagesOf(README)
      const result = await askLocal(passages, 'How do I install compression?', dense)
      assert.isTrue(result.found)
      assert.notEqual(result.found && result.answer, 'Install')
      assert.include(result.found && result.answer, 'npm install command')
    })
  }

  test('headings of the stored text and heading-like paragraphs are never among the answering sentences', async ({
    assert,
  }) => {
    const stored = await rankQuestion(passagesOf(README), 'What is the threshold?', false)
    assert.isNotEmpty(stored.sentences)
    for (const s of stored.sentences) assert.notInclude(['compression', 'Install', 'API', 'threshold'], s.text)
    const plain = await rankQuestion(passagesOf(README.replace(/^#+ /gm, '')), 'How do I install compression?', false)
    assert.notInclude(
      plain.sentences.map((s) => s.text),
      'Install'
    )
  })

  test('a fragment of two words is no answer either', async ({ assert }) => {
    const result = await askLocal(passagesOf(MANUAL), 'What does bzip2recover do?', false)
    assert.notEqual(result.found && result.answer, 'bzip2recover filename')
  })
})

// The same README's list, as a Markdown upload stores it (one item per line).
const CODINGS = [
  '# compression',
  'Node.js compression middleware.',
  'The following compression codings are supported:',
  '- deflate\n- gzip\n- br (brotli)',
  'Note Brotli is available in all currently supported Node.js LTS versions (v18+).',
].join('\n\n')

test.group('Q&A answers a list with its items', () => {
  test('a sentence announcing a list answers with the items below it', async ({ assert }) => {
    const result = await askLocal(storedPassages(CODINGS), 'Which codings are supported?', false)
    assert.isTrue(result.found)
    assert.equal(
      result.found && result.answer,
      'The following compression codings are supported: deflate; gzip; br (brotli)'
    )
  })
})

// GNU Libtasn1's manual 4.19 (libtasn1.pdf, GNU Free Documentation License 1.3), as its PDF is
// stored: the index's lines keep their dot leaders. "What is libtasn1?" was answered "Header file
// libtasn1.h. . . . . 4" and "Which ASN.1 types are supported?" "Supported ASN.1 types, list of . . .".
const INDEX = [
  'This manual is for GNU Libtasn1 (version 4.19.0, 18 August 2022), which is a library for Abstract Syntax Notation One (ASN.1) and Distinguished Encoding Rules (DER) manipulation.',
  '### H',
  'Header file libtasn1.h. . . . . . . . . . . . . . . . . . . . . . . . . . . . 4',
  '### S',
  'Supported ASN.1 types, list of . . . . . . . . . . . . . . . . . . . 5',
].join('\n\n')

test.group('Q&A never answers with a line of a table of contents', () => {
  for (const question of ['What is libtasn1?', 'Which ASN.1 types are supported?'])
    test(question, async ({ assert }) => {
      const retrieval = await rankQuestion(passagesOf(INDEX), question, false)
      assert.isNotEmpty(retrieval.sentences)
      for (const s of retrieval.sentences) assert.notMatch(s.text, /\. \. \./)
      const result = await askLocal(passagesOf(INDEX), question, false)
      assert.notMatch(result.answer, /\. \. \./)
    })
})

// chage(1) of shadow-utils 4.13 (BSD-3-Clause) in Debian's German manual (`man -L de chage`, only
// partly translated), as its .txt upload is stored. "What options apply to the chage command?" was
// answered "The options which apply to the chage command are:", the options left out.
const CHAGE = [
  '# OPTIONEN',
  'The options which apply to the chage command are:',
  '-d, --lastday LAST_DAY Set the number of days since January 1st, 1970 when the password was last changed. The date may also be expressed in the format YYYY-MM-DD (or the format more commonly used in your area).',
].join('\n\n')

test.group('Q&A answers an announcement with what it announces', () => {
  test('a sentence ending in a colon takes the sentence below it', async ({ assert }) => {
    const result = await askLocal(passagesOf(CHAGE), 'What options apply to the chage command?', false)
    assert.isTrue(result.found)
    assert.equal(
      result.found && result.answer,
      'The options which apply to the chage command are: -d, --lastday LAST_DAY Set the number of days since January 1st, 1970 when the password was last changed.'
    )
  })
})
