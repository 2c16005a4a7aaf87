import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { LocalEngine } from '#services/ai/local_engine'
import { markdownToStructured } from '#services/documents/markdown_structure'

/*
| Real Markdown nobody on the project wrote (issue 25 item 3, docs/decisions/ai.md "Real
| documents"). Excerpts, lightly shortened:
| - SYSTEMD: systemd's docs/DISTRO_PORTING.md (/usr/share/doc/systemd), LGPL-2.1-or-later;
| - COMPRESSION: the README of the npm package `compression` 1.8, MIT;
| - ASAP: the README of the npm package `asap` 2.0, MIT;
| - OPENMP: threadpoolctl's multiple_openmp.md (/usr/share/doc/python3-threadpoolctl), BSD-3-Clause;
| - NODE: Node.js's SECURITY.md (/usr/share/doc/nodejs), MIT;
| - RUSTFMT: rustfmt's README.md (rustup's share/doc/rustfmt), MIT or Apache-2.0.
*/

const SYSTEMD = `---
title: Porting systemd To New Distributions
category: Concepts
layout: default
SPDX-License-Identifier: LGPL-2.1-or-later
---

# Porting systemd To New Distributions

## Compilation options

The default configuration does not enable any optimization or hardening
options. This is suitable for development and testing, but not for end-user
installations.

## NTP Pool

By default, systemd-timesyncd uses the Google Public NTP servers
time[1-4].google.com, if no other NTP configuration is available.
They serve time that uses a leap second smear and can be up to .5s off from
servers that use stepped leap seconds.
`

const COMPRESSION = `# compression

[![NPM Version][npm-version-image]][npm-url]
[![Build Status][github-actions-ci-image]][github-actions-ci-url]

Node.js compression middleware.

## Install

This is a [Node.js](https://nodejs.org/en/) module available through the
[npm registry](https://www.npmjs.com/). Installation is done using the
[\`npm install\` command](https://docs.npmjs.com/downloading-and-installing-packages-locally):

\`\`\`bash
$ npm install compression
\`\`\`

## API

\`\`\`js
var compression = require('compression')
\`\`\`

##### level

The level of zlib compression to apply to responses. A higher level will result
in better compression, but will take longer to complete.

  - \`-1\` Default compression level (also \`zlib.constants.Z_DEFAULT_COMPRESSION\`).
  - \`0\` No compression (also \`zlib.constants.Z_NO_COMPRESSION\`).

[npm-version-image]: https://badgen.net/npm/v/compression
[npm-url]: https://npmjs.org/package/compression
`

const ASAP = `# ASAP

[![Build Status](https://travis-ci.org/kriskowal/asap.png?branch=master)](https://travis-ci.org/kriskowal/asap)

Message channels give direct access to the HTML [task queue][], so the ASAP
task queue would flush after any already queued rendering and IO tasks.

[task queue]: http://www.whatwg.org/specs/web-apps/current-work/multipage/webappapis.html#concept-task
[RSVP ASAP]: https://github.com/tildeio/rsvp.js/blob/master/lib/rsvp/asap.js
`

const OPENMP = `## Workarounds for Intel OpenMP and LLVM OpenMP case

- Install a build of NumPy and SciPy linked against OpenBLAS instead of MKL.
  This can be done for instance by installing NumPy and SciPy from PyPI:

      pip install numpy scipy

  or from the default conda channel:

      conda install numpy scipy blas[build=openblas]

- Re-build your OpenMP-enabled extensions from source with GCC (or ICC) instead
  of Clang.
`

const NODE = `Otherwise, do not engage in testing and contact the Node.js Technical Steering Committee
(<tsc@iojs.org>) for permission, as described in <https://nodejs.org/en/security/>.
A handler returns \`Promise<void>\`; <b>bold</b> is markup.`

const RUSTFMT = `See [Rust Style Editions] for details on formatting differences between style editions.
Brackets that define nothing stay: [sic].

[Rust Style Editions]: https://doc.rust-lang.org/nightly/style-guide/editions.html`

test.group('Markdown READMEs (issue 25 item 3)', () => {
  test('front matter is not text: the summary starts with a sentence, not "title: …"', async ({ assert }) => {
    const structured = markdownToStructured(SYSTEMD)
    assert.notInclude(structured, 'SPDX-License-Identifier')
    assert.notInclude(structured, 'layout: default')
    assert.isTrue(structured.startsWith('# Porting systemd To New Distributions'))
    const ingested = await ingestBuffer('md', Buffer.from(SYSTEMD))
    assert.isTrue(ingested.description?.startsWith('The default configuration'), ingested.description ?? '')
    const passages = ingested.chunks.map((text, i) => ({
      document_id: '1',
      document_title: 'DISTRO_PORTING.md',
      chunk_index: i,
      text,
      vectors: null,
    }))
    const { summary } = await new LocalEngine().summarize(passages)
    assert.notMatch(summary, /title:|category:|SPDX/)
  })

  test('code spans and words keep their underscores; code blocks, badges and link definitions go', ({ assert }) => {
    const structured = markdownToStructured(COMPRESSION)
    assert.include(structured, 'zlib.constants.Z_DEFAULT_COMPRESSION')
    assert.include(structured, 'zlib.constants.Z_NO_COMPRESSION')
    assert.notInclude(structured, 'ZDEFAULTCOMPRESSION')
    assert.include(structured, 'Installation is done using the npm install command:')
    assert.notInclude(structured, 'require(')
    assert.notInclude(structured, '$ npm install compression')
    assert.notMatch(structured, /NPM Version|Build Status|\]\[|badgen|npm-url/)
    assert.include(structured, '### level')
    assert.include(markdownToStructured('Set DEB_GAIN_ROOT_CMD before calling dh_builddeb.'), 'DEB_GAIN_ROOT_CMD')
    // Emphasis still goes.
    assert.equal(markdownToStructured('A *very* _simple_ __case__.'), 'A very simple case.')
  })

  test('reference links keep their label; definitions and badge pictures leave nothing', ({ assert }) => {
    const structured = markdownToStructured(ASAP)
    assert.equal(
      structured,
      '# ASAP\n\nMessage channels give direct access to the HTML task queue, so the ASAP task queue would flush after any already queued rendering and IO tasks.'
    )
  })

  test('indented code inside a list is dropped, the list text stays', ({ assert }) => {
    const structured = markdownToStructured(OPENMP)
    assert.notInclude(structured, 'pip install')
    assert.notInclude(structured, 'blas[build=openblas]')
    assert.include(structured, 'or from the default conda channel:')
    assert.include(
      structured,
      '- Re-build your OpenMP-enabled extensions from source with GCC (or ICC) instead of Clang.'
    )
  })

  test('autolinks are their address, code spans keep <…>, shortcut references keep their label', ({ assert }) => {
    assert.equal(
      markdownToStructured(NODE),
      'Otherwise, do not engage in testing and contact the Node.js Technical Steering Committee (tsc@iojs.org) for permission, as described in https://nodejs.org/en/security/. A handler returns Promise<void>; bold is markup.'
    )
    assert.equal(
      markdownToStructured(RUSTFMT),
      'See Rust Style Editions for details on formatting differences between style editions. Brackets that define nothing stay: [sic].'
    )
  })
})
