import { test } from '@japa/runner'
import { normalizeText } from '#services/ai/nlp'

/*
| Words broken at a line's end in text nobody here wrote: the X11 licence as Debian ships it
| (/usr/share/doc/diffutils/copyright, install-sh's licence), and wrapped prose where the writer's
| hyphen must stay.
*/
const X11_LICENCE = ` THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL THE
 X CONSORTIUM BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN
 AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNEC-
 TION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

 Except as contained in this notice, the name of the X Consortium shall not
 be used in advertising or otherwise to promote the sale, use or other deal-
 ings in this Software without prior written authorization from the X Consor-
 tium.`

test.group('Documents / words broken at a line end', () => {
  test('a hyphen that only broke a word is dropped (X11 licence)', ({ assert }) => {
    const text = normalizeText(X11_LICENCE)
    assert.include(text, 'IN CONNECTION WITH THE SOFTWARE')
    assert.include(text, 'or other dealings in this Software')
    assert.include(text, 'from the X Consortium.')
    assert.notMatch(text, /-\s|- /)
  })

  test("the writer's hyphen stays between two words whose joined form is no word", ({ assert }) => {
    const text = normalizeText(
      'Packet switching is a well-\nknown method with long-\nterm effects; some\nbranches accept only fast-\nforwarding.'
    )
    assert.include(text, 'a well-known method with long-term effects')
    assert.include(text, 'accept only fast-forwarding.')
  })

  test('the halves of a split word join when the joined word is English', ({ assert }) => {
    assert.equal(normalizeText('The com-\nputer reads the docu-\nment.'), 'The computer reads the document.')
    assert.equal(
      normalizeText('Install it, then con\u2010\n       necting works.'),
      'Install it, then connecting works.'
    )
  })

  test("the text's own spelling decides first", ({ assert }) => {
    assert.equal(normalizeText('A data-\nset. Each data-set row.'), 'A data-set. Each data-set row.')
    assert.equal(normalizeText('Back-\npropagation: backpropagation again.'), 'Backpropagation: backpropagation again.')
  })

  test('a hyphen before a capital or beside a digit stays', ({ assert }) => {
    assert.equal(normalizeText('The Anglo-\nSaxon kings.'), 'The Anglo-Saxon kings.')
    assert.equal(normalizeText('The pre-\n1900 era, a 3-\nday trip.'), 'The pre-1900 era, a 3-day trip.')
  })

  test('a list under a line is not taken for a broken word', ({ assert }) => {
    assert.notInclude(normalizeText('Options -\n-k keep'), 'Options--k')
    assert.include(normalizeText('Bring:\n- pens\n- paper'), 'pens')
  })

  test('a megabyte-long word after a broken one is read in one pass (the timeout is the proof)', ({ assert }) => {
    // The former pattern tried every letter of a long run as the start of a broken word: minutes here.
    const text = `A well-\nknown ${'a'.repeat(1_000_000)}.`
    assert.isTrue(normalizeText(text).startsWith('A well-known aaa'))
  }).timeout(10_000)
})
