/** Float32 vectors packed end to end in one blob (a chunk's [chunk, ...sentences] vectors). */
export function packVectors(vectors: Float32Array[]): Buffer {
  const dims = vectors[0]?.length ?? 0
  const out = new Float32Array(vectors.length * dims)
  vectors.forEach((v, i) => out.set(v, i * dims))
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength)
}

/** The `count` vectors of a blob; null when the blob does not hold exactly `count` of them. */
export function unpackVectors(blob: Uint8Array | null, count: number): Float32Array[] | null {
  if (!blob || count <= 0 || blob.byteLength === 0 || blob.byteLength % (4 * count) !== 0) return null
  const floats = new Float32Array(new Uint8Array(blob).buffer)
  const dims = floats.length / count
  const out: Float32Array[] = []
  for (let i = 0; i < floats.length; i += dims) out.push(floats.subarray(i, i + dims))
  return out
}

/** What is embedded for one chunk, in blob order: the chunk, then each of its sentences. */
export function embeddingUnits(text: string, split: (text: string) => string[]): string[] {
  return [text, ...split(text)]
}
