/**
 * Worker thread of the embedding runner: the sentence encoder computes off the event loop of
 * the web server, so an upload being embedded never blocks a request.
 */
import { parentPort } from 'node:worker_threads'
import { UseLiteEncoder } from '#services/ai/embeddings/sentence_encoder'

const encoder = new UseLiteEncoder()

parentPort!.on('message', async ({ id, texts }: { id: number; texts: string[] }) => {
  try {
    const vectors = await encoder.embed(texts)
    parentPort!.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer as ArrayBuffer)
    )
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
