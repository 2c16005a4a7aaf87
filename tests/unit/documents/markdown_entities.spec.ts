import { test } from '@japa/runner'
import { ingestBuffer } from '#services/documents/ingest'

/*
| HTML entities in Markdown (docs/decisions/hostile_io.md "Hostile files, session 16"). Lines of
| READMEs published on npm, all MIT: debug 4 (licence section), fdir 6 (footer), better-sqlite3 12
| (a heading), arg 5 (prose); the last paragraph is generated.
*/
const README = [
  '## Help this project stay strong! &#128170;',
  '',
  'The values for each key=&gt;value pair is either a type or a string.',
  '',
  'Copyright (c) 2014-2017 TJ Holowaychuk &lt;tj@vision-media.ca&gt;',
  '',
  'Copyright &copy; 2024 Abdullah Atta under MIT.',
  '',
  'Write `a &amp;&amp; b` in code, &amp;lt; once, &lt;div&gt; as text, &bogus; and &copy as typed, &#0; &#xD800; as U+FFFD.',
].join('\n')

test.group('Markdown entities', () => {
  test('an entity or character reference is the character it names', async ({ assert }) => {
    const { text, description } = await ingestBuffer('md', Buffer.from(README))
    assert.include(text, '# Help this project stay strong! 💪')
    assert.include(text, 'key=>value pair')
    assert.include(text, 'TJ Holowaychuk <tj@vision-media.ca>')
    assert.include(text, 'Copyright © 2024 Abdullah Atta under MIT.')
    assert.include(
      text,
      'Write a &amp;&amp; b in code, &lt; once, <div> as text, &bogus; and &copy as typed, \ufffd \ufffd as U+FFFD.'
    )
    assert.notInclude(description ?? '', '&gt;')
  })
})
