import { useCallback, useEffect, useRef, useState } from 'react'
import { api, errorMessage } from '~/lib/api'

/**
 * Loads a GET /api resource with loading, error and reload (the pages' shared states). With
 * `initial` (server-rendered props) it starts loaded and fetches only on reload.
 */
export function useApi<T>(path: string | null, initial?: T) {
  const [data, setData] = useState<T | null>(initial ?? null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState<boolean>(path !== null && initial === undefined)
  const [version, setVersion] = useState(0)
  const serverRendered = useRef(initial !== undefined)

  useEffect(() => {
    if (path === null) return
    if (serverRendered.current) {
      serverRendered.current = false
      return
    }
    const controller = new AbortController()
    setLoading(true)
    setError(null)
    api<T>(path, { signal: controller.signal })
      .then((result) => setData(result))
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setError(errorMessage(err))
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false)
      })
    return () => controller.abort()
  }, [path, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data, error, loading, reload, setData }
}
