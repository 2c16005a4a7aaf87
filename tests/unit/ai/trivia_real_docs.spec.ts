import { test } from '@japa/runner'
import { buildTrivia } from '#services/ai/trivia_builder'
import { answerSpans } from '#services/ai/trivia_spans'

/*
| Trivia on real documents nobody here wrote (issue 25 item 3, docs/decisions/ai.md "Real
| documents"). Sentences from dpkg's doc/spec/rootless-builds.txt and triggers.txt (GPL-2+),
| threadpoolctl's multiple_openmp.md (BSD-3-Clause) and systemd's DISTRO_PORTING.md
| (LGPL-2.1-or-later), as Debian installs them under /usr/share/doc.
*/
const SENTENCES = {
  builddeb: 'During prototyping, dh_builddeb can wrap the dpkg-deb --build call with fakeroot (when not already root).',
  owner:
    'dpkg-deb --build provides the --root-owner-group option so that dh_builddeb or direct calls can control the owner/group file values w/o requiring (fake)root.',
  attempt:
    'However, they MUST NOT attempt to run processes under (fake)root when run as a regular user when Rules-Requires-Root does not list any keywords they respond to.',
  like: 'It can happen even with the simplest OpenMP calls like getting the maximum number of threads that will be used in a subsequent parallel region.',
  instance:
    'For instance, on Linux, we never observed any issue between libgomp and libiomp, which is the most common mix (NumPy with MKL + a package compiled with GCC, the most widely used C compiler on that platform).',
  hand: "On the other hand, explicit triggers should generally not be renamed just because the interested or triggering packages' names change.",
  servers: 'Use -Ddns-servers= to direct systemd-resolved to different fallback DNS servers.',
}

test.group('Trivia on real documents (issue 25 item 3)', () => {
  test('no answer is a piece of a longer word, a set phrase, a function word or a verb', ({ assert }) => {
    const spans = (text: string) => answerSpans(text).map((s) => s.toLowerCase())
    assert.notInclude(spans(SENTENCES.builddeb), 'builddeb')
    assert.include(spans(SENTENCES.builddeb), 'fakeroot')
    assert.notInclude(spans(SENTENCES.owner), 'owner')
    assert.notInclude(spans(SENTENCES.attempt), 'attempt')
    assert.include(spans(SENTENCES.attempt), 'regular user')
    assert.notInclude(spans(SENTENCES.like), 'like')
    assert.include(spans(SENTENCES.like), 'threads')
    assert.notInclude(spans(SENTENCES.instance), 'instance')
    assert.notInclude(spans(SENTENCES.hand), 'hand')
    // From the README of the npm package `compression` 1.8 (MIT).
    assert.notInclude(spans('Type: Number Default: zlib.constants.Z_DEFAULT_CHUNK, or 16384.'), 'zlib')
    // Once for "DNS servers", never for "-Ddns-servers=".
    assert.lengthOf(
      spans(SENTENCES.servers).filter((s) => s === 'servers'),
      1
    )
  })

  test('no blank sits inside a longer word', ({ assert }) => {
    const text = [
      SENTENCES.servers,
      'By default, systemd-resolved uses Cloudflare and Google Public DNS servers as fallback, if no other DNS configuration is available.',
      'By default, systemd-timesyncd uses the Google Public NTP servers, if no other NTP configuration is available.',
      'For deployment, optimization, link time optimization, and hardening are recommended by the developers.',
      'If you have to make changes to the source code to make it work on your distribution, we are unlikely to merge it.',
      'Make sure you add modules your distro expects from user services and from the sessions.',
    ].join(' ')
    const passages = [{ document_id: '1', document_title: 'systemd', chunk_index: 0, text, vectors: null }]
    let asked = 0
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const q of buildTrivia(passages, { count: 10, difficulty: 'medium', focusTopic: null, seed }).questions) {
        asked++
        assert.notMatch(q.question, /[\p{L}\p{N}_=-]_____|_____[\p{L}\p{N}_=-]/u, q.question)
      }
    }
    assert.isAbove(asked, 0)
  })
})
