import { useCallback, useEffect, useState } from 'react'
import { api, errorMessage } from '~/lib/api'

/** Loads a GET /api resource with loading, error and reload (the pages' shared states). */
export function useApi<T>(path: string | null) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState<boolean>(path !== null)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (path === null) return
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
