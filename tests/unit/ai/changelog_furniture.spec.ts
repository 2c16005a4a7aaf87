import { test } from '@japa/runner'
import { LocalEngine } from '#services/ai/local_engine'
import { ingestBuffer } from '#services/documents/ingest'
import { rankPassages } from '#services/ai/retrieval'
import { findAnswer } from '#services/ai/answer_finder'

/*
| A changelog's sign-offs and bracketed attributions are page furniture (docs/decisions/hostile_io.md
| "Hostile files, session 16"). Lines 300–352 of systemd's debian/changelog as Debian 12 ships it
| (/usr/share/doc/libsystemd-shared/changelog.Debian.gz, systemd 252.39-1~deb12u2, LGPL-2.1+).
| Before, the summary's key points held "-- Michael Biebl <biebl@debian.org> Sat, 10 Dec 2022 …".
*/
const CHANGELOG =
  "systemd (252.4-1) unstable; urgency=medium\n\n  * Enable p11kit. Backport patch to dlopen-ify p11kit support and enable\n    it. (Closes: #1023635)\n  * New upstream version 252.4. (Closes: #1026831 and fixes CVE-2022-4415)\n  * Refresh patches\n  * Bump Standards-Version to 4.6.2, no changes\n\n -- Luca Boccassi <bluca@debian.org>  Thu, 22 Dec 2022 12:26:41 +0100\n\nsystemd (252.3-2) unstable; urgency=medium\n\n  * Skip flaky test_resolved_domain_restricted_dns in networkd-test.py.\n    This test is part of DnsmasqClientTest and does not work reliably under\n    LXC/debci, so skip it for the time being. (Closes: #1025908)\n\n -- Michael Biebl <biebl@debian.org>  Tue, 13 Dec 2022 01:03:58 +0100\n\nsystemd (252.3-1) unstable; urgency=medium\n\n  * New upstream version 252.3\n  * Rebase patches\n\n -- Michael Biebl <biebl@debian.org>  Sat, 10 Dec 2022 20:14:11 +0100\n\nsystemd (252.2-2) unstable; urgency=medium\n\n  * Keep policykit-1 as alternative dependency to polkitd for systemd.\n    This will make backports easier.\n  * Update remaining policykit-1 (test) dependencies and prefer polkitd.\n    Keep the policykit-1 dependency as alternative for easier backports.\n    (Closes: #1025591)\n\n -- Michael Biebl <biebl@debian.org>  Tue, 06 Dec 2022 20:30:29 +0100\n\nsystemd (252.2-1) unstable; urgency=medium\n\n  [ Helmut Grohne ]\n  * Explicitly B-D on libcrypt-dev (Closes: #1024646)\n\n  [ Nick Rosbrook ]\n  * Add handling for /etc/default/locale to firstboot. The TEST-74-AUX-\n    UTILS upstream test revealed that firstboot does not currently handle\n    Debian's /etc/default/locale.\n\n  [ Luca Boccassi ]\n  * Build depend on dh-package-notes, sequence was removed. Only the\n    makefile is in use now, no files are generated at build time as\n    --package-metadata from the linkers is used now\n  * New upstream version 252.2\n  * Refresh patches\n\n -- Luca Boccassi <bluca@debian.org>  Mon, 28 Nov 2022 22:35:56 +0000"

const furniture = /^-- |<[^>]+@[^>]+>|^\[ .* \]$/

test.group('Changelog furniture', () => {
  test('no key point, card, question or answer is a sign-off or an attribution', async ({ assert }) => {
    const { text } = await ingestBuffer('txt', Buffer.from(CHANGELOG))
    assert.include(text, '-- Michael Biebl <biebl@debian.org>')
    const engine = new LocalEngine()
    const passages = [{ document_id: '1', document_title: 'changelog', chunk_index: 0, text, vectors: null }]
    const summary = await engine.summarize(passages)
    const guide = await engine.studyGuide(passages)
    const outputs = [...summary.key_points, ...guide.sections.map((s) => s.content)]
    for (const seed of [1, 2, 3]) {
      const trivia = await engine.trivia(passages, { count: 10, difficulty: 'medium', focusTopic: null, seed })
      outputs.push(...trivia.questions.map((q) => q.question))
    }
    for (const query of ['Who is Michael Biebl?', 'Who did Luca Boccassi work with?']) {
      const found = findAnswer(rankPassages(passages, query), query)
      if (found.found) outputs.push(found.answer)
    }
    assert.isAbove(outputs.length, 5)
    for (const line of outputs) assert.notMatch(line, furniture, line)
  })
})
