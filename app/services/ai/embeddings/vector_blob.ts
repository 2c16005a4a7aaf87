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

/** What is embedded for one chunk: each of its sentences (the chunk's vector is their mean). */
export function embeddingUnits(text: string, split: (text: string) => string[]): string[] {
  const sentences = split(text)
  return sentences.length ? sentences : [text]
}

/**
 * The blob's vectors for a chunk from its sentences' vectors: [chunk, ...sentences], the chunk's
 * being the normalised mean of its sentences' (embedding the whole chunk again would cost about a
 * third more encoder time for no better ranking).
 */
export function chunkBlobVectors(sentences: Float32Array[]): Float32Array[] {
  const mean = new Float32Array(sentences[0].length)
  for (const v of sentences) for (let i = 0; i < v.length; i++) mean[i] += v[i]
  let norm = 0
  for (const x of mean) norm += x * x
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < mean.length; i++) mean[i] /= norm
  return [mean, ...sentences]
}
