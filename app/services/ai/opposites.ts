/**
 * Opposites a question can swap in for the sentence's word ("least" for "most"): a short list
 * chosen by hand (degree words, directions, the pairs SQuAD 2.0's writers favour) and WordNet
 * 3.1's direct antonyms (resources/data/wordnet_antonyms.txt, made by scripts/wordnet_antonyms.js).
 */
import { readFileSync } from 'node:fs'

function wordnetAntonyms(): [string, string][] {
  const file = new URL('../../../resources/data/wordnet_antonyms.txt', import.meta.url)
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' ') as [string, string])
}

/** Opposites a question can swap in ("least" for "most"); both directions are checked. */
const CHOSEN: [string, string][] = [
  ['most', 'least'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['first', 'last'],
  ['large', 'small'],
  ['big', 'small'],
  ['high', 'low'],
  ['long', 'short'],
  ['increase', 'decrease'],
  ['rise', 'fall'],
  ['before', 'after'],
  ['early', 'late'],
  ['old', 'new'],
  ['old', 'young'],
  ['major', 'minor'],
  ['north', 'south'],
  ['east', 'west'],
  ['northern', 'southern'],
  ['eastern', 'western'],
  ['maximum', 'minimum'],
  ['positive', 'negative'],
  ['above', 'below'],
  ['win', 'lose'],
  ['start', 'end'],
  ['begin', 'end'],
  ['good', 'bad'],
  ['top', 'bottom'],
  ['inner', 'outer'],
  ['internal', 'external'],
  ['upper', 'lower'],
  ['strong', 'weak'],
  ['common', 'rare'],
  ['fast', 'slow'],
  ['rich', 'poor'],
  ['gain', 'lose'],
  ['open', 'close'],
  ['accept', 'reject'],
  ['import', 'export'],
  ['private', 'public'],
  ['male', 'female'],
  ['same', 'different'],
  ['cheap', 'expensive'],
  ['hot', 'cold'],
  ['warm', 'cold'],
  ['wet', 'dry'],
  ['heavy', 'light'],
  ['true', 'false'],
  ['success', 'failure'],
  ['support', 'oppose'],
  ['legal', 'illegal'],
  ['include', 'exclude'],
  ['primary', 'secondary'],
  ['minority', 'majority'],
  ['always', 'never'],
  ['all', 'none'],
  ['with', 'without'],
  ['inside', 'outside'],
  ['under', 'over'],
  ['add', 'remove'],
  ['allow', 'prevent'],
  ['lead', 'follow'],
  ['tall', 'short'],
  ['wide', 'narrow'],
  ['deep', 'shallow'],
  ['thick', 'thin'],
  ['sleep', 'wake'],
  ['peak', 'ebb'],
  ['can', 'cannot'],
  ['enter', 'leave'],
  ['buy', 'sell'],
  ['lend', 'borrow'],
  ['give', 'receive'],
  ['send', 'receive'],
  ['create', 'destroy'],
  ['build', 'destroy'],
  ['join', 'leave'],
  ['appear', 'disappear'],
  ['agree', 'disagree'],
  ['like', 'dislike'],
  ['similar', 'different'],
  ['present', 'absent'],
  ['modern', 'ancient'],
  ['urban', 'rural'],
  ['domestic', 'foreign'],
  ['native', 'foreign'],
  ['artificial', 'natural'],
]
export const OPPOSITE = new Map<string, string[]>()
for (const [a, b] of [...CHOSEN, ...wordnetAntonyms()]) {
  OPPOSITE.set(a, [...(OPPOSITE.get(a) || []), b])
  OPPOSITE.set(b, [...(OPPOSITE.get(b) || []), a])
}
/** Base form of a degree word ("largest" → "large", "biggest" → "big") for the opposites list. */
export const base = (w: string) =>
  w
    .replace(/(\w)\1est$/, '$1')
    .replace(/iest$/, 'y')
    .replace(/est$/, '')
    .replace(/er$/, '')
