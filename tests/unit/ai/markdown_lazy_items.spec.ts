import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'
import { askLocal } from '#tests/support/ai_passages'

/*
| systemd's docs/UIDS-GIDS.md (/usr/share/doc/systemd, LGPL-2.1-or-later), shortened: list items
| whose wrapped lines are not indented (CommonMark's lazy continuation lines). Each item's second
| line became a paragraph of its own, so Q&A answered "What range do container UIDs use?" with
| "Consider allocating UID ranges for containers so that the first UID you", cut mid-sentence.
*/
const UIDS = `## Considerations for container managers

1. Definitely, don't assign less than 65536 UIDs/GIDs. After all the \`nobody\`
user has magic properties, and hence should be available in your container.

2. While it's fine to assign more than 65536 UIDs/GIDs to a container, there's
most likely not much value in doing so.

3. Consider allocating UID ranges for containers so that the first UID you
assign has the lower 16bits all set to zero. That way, the upper 16bits become
a container ID of some kind.

- A list item
---

Text after the rule.`

test.group('Markdown list items with lazy continuation lines', () => {
  test('an unindented wrapped line stays in its item', async ({ assert }) => {
    const { text, chunks } = await ingestBuffer('md', Buffer.from(UIDS))
    assert.include(
      text,
      '3. Consider allocating UID ranges for containers so that the first UID you assign has the lower 16bits all set to zero.'
    )
    assert.include(text, "2. While it's fine to assign more than 65536 UIDs/GIDs to a container, there's most likely")
    // A rule below an item still ends the list.
    assert.include(text, '- A list item\n\nText after the rule.')
    const passages = chunks.map((chunk, i) => ({
      document_id: '1',
      document_title: 'UIDs',
      chunk_index: i,
      text: chunk,
      vectors: null,
    }))
    const result = await askLocal(passages, 'What range do container UIDs use?', false)
    assert.notMatch(result.answer, /the first UID you$/)
  })
})
