import { useCallback, useEffect, useRef } from 'react'
import { router } from '@inertiajs/react'

const QUESTION = 'You have unsaved changes. Leave without saving?'

/**
 * Warns before unsaved changes are lost: on tab close or reload, and on any Inertia visit.
 * Returns the setter the editor calls whenever its draft becomes dirty or clean.
 */
export function useUnsavedGuard() {
  const dirty = useRef(false)
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const off = router.on('before', (event) => {
      if (dirty.current && !window.confirm(QUESTION)) {
        event.preventDefault()
        return false
      }
    })
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      off()
    }
  }, [])
  return useCallback((value: boolean) => {
    dirty.current = value
  }, [])
}
