/**
 * Roman numerals as designators ("photosystem II", "World War I", "Type I"): the same as the
 * number written in digits, so "Photosystem 2" finds "Photosystem II" and is not a missing word.
 */
export const ROMAN: Record<string, string> = {
  I: '1',
  II: '2',
  III: '3',
  IV: '4',
  V: '5',
  VI: '6',
  VII: '7',
  VIII: '8',
  IX: '9',
  X: '10',
}
const DIGITS = Object.fromEntries(Object.entries(ROMAN).map(([roman, digits]) => [digits, roman.toLowerCase()]))

/** The other spelling of a designator token: "2" → "ii", "II" → "2" (upper-case numerals only). */
export function numeralAlias(text: string): string | undefined {
  return ROMAN[text] ?? DIGITS[text]
}
