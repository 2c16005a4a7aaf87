import { test } from '@japa/runner'
import { layoutToStructured, type PageLine } from '#services/documents/pdf_layout'

/*
| A chapter's running header is page furniture (issue 25 item 3, docs/decisions/ai.md "Real
| documents"). Lines of the bzip2 1.0.8 manual (/usr/share/doc/bzip2/manual.pdf.gz, bzip2 licence,
| BSD-style): chapter 3's title tops each of its pages, and a paragraph runs across page breaks.
*/
const body = (texts: string[], top = 700): PageLine[] => texts.map((text, i) => ({ text, y: top - i * 14, size: 10 }))
const header = (text: string): PageLine => ({ text, y: 760, size: 10 })

const pages: PageLine[][] = [
  [
    { text: '3. Programming with libbzip2', y: 740, size: 20 },
    ...body([
      'This chapter describes the programming interface to libbzip2. For general background',
      'information, particularly about memory use and performance aspects, you would be well',
      'advised to read How to use bzip2 as well.',
      'The library is thread-safe, with the exception of the high-level interface, which uses a',
    ]),
  ],
  [
    header('Programming with libbzip2'),
    ...body([
      'global error code. Functions whose names begin with BZ2_bz are part of the low-level',
      'interface, and those whose names begin with BZ2_bzRead or BZ2_bzWrite are part of the',
      'high-level interface, which reads and writes whole compressed files through a stdio handle.',
    ]),
    { text: '8', y: 40, size: 10 },
  ],
  [
    header('Programming with libbzip2'),
    ...body([
      'Parameter workFactor controls how the compression phase behaves when presented with worst',
      'case, highly repetitive, input data. If compression runs into difficulties caused by',
    ]),
    { text: '9', y: 40, size: 10 },
  ],
  [
    header('Programming with libbzip2'),
    ...body([
      'repetitive data, the library switches from the standard sorting algorithm to a fallback',
      'algorithm. The fallback is slower than the standard algorithm by perhaps a factor of three.',
    ]),
    { text: '10', y: 40, size: 10 },
  ],
  [
    { text: '4. Miscellanea', y: 740, size: 20 },
    ...body(['These are just some random thoughts of mine. Your mileage may vary.']),
  ],
  // The rest of the manual: the chapter's pages are under 60 % of all pages.
  ...[11, 12, 13].map((n) => [
    ...body([
      'bzip2 compresses large files in blocks. The block size affects both the compression',
      `ratio achieved, and the amount of memory needed for compression and decompression (${n}).`,
    ]),
    { text: String(n), y: 40, size: 10 },
  ]),
]

test.group('PDF running headers (issue 25 item 3)', () => {
  test("a chapter's title over its pages is dropped, and its paragraphs run on across them", ({ assert }) => {
    const text = layoutToStructured(pages)
    assert.include(text, '# 3. Programming with libbzip2')
    assert.notMatch(text, /(^|\n)Programming with libbzip2(\n|$)/)
    assert.include(text, 'uses a\nglobal error code.')
    assert.include(text, 'caused by\nrepetitive data, the library switches')
  })
})
