import { useEffect, useState } from 'react'
import { useShared } from '~/lib/page_props'
import {
  adPreconditions,
  isAdEligible,
  isPlacementAllowed,
  isPathSuppressed,
  slotIdFor,
  subscriptionAdState,
} from '~/components/ad_eligibility'
import { urlFor } from '~/client'

/**
 * Usage (keep this API):
 *   <AdSlot placement="home" />  placements: home | courses_index | course_detail | document_detail
 * Renders only when every docs/rules/flags.md#ads "Ad eligibility" rule holds; side or bottom areas only.
 * Nothing is rendered on the server or while the flag, the subscription or the script is
 * unknown, so a failed or blocked script leaves the page exactly as it was.
 */
export type AdPlacement = 'home' | 'courses_index' | 'course_detail' | 'document_detail'

type ScriptState = 'idle' | 'loading' | 'loaded' | 'failed'

declare global {
  interface Window {
    adsbygoogle?: unknown[]
  }
}

let flagRequest: Promise<boolean> | null = null
let flagRequestedAt = 0

/** One status request per page view (shared by every slot), cookies omitted. */
function fetchAdsFlag(): Promise<boolean> {
  const now = Date.now()
  if (!flagRequest || now - flagRequestedAt > 60_000) {
    flagRequestedAt = now
    flagRequest = fetch(urlFor('api.feature_flags.status', { name: 'enable_ads' }), {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? response.json() : { is_enabled: false }))
      .then((body: any) => body?.is_enabled === true)
      .catch(() => false)
  }
  return flagRequest
}

const scriptLoads = new Map<string, Promise<boolean>>()

/**
 * Loads the provider script once. Only the publisher's client id goes with it: no user id,
 * session token or document content.
 */
function loadAdScript(scriptUrl: string, publisherId: string): Promise<boolean> {
  const client = `ca-${publisherId}`
  let src: string
  try {
    const url = new URL(scriptUrl, window.location.href)
    url.searchParams.set('client', client)
    src = url.toString()
  } catch {
    return Promise.resolve(false)
  }
  const existing = scriptLoads.get(src)
  if (existing) return existing
  const promise = new Promise<boolean>((resolve) => {
    const script = document.createElement('script')
    script.async = true
    script.src = src
    script.crossOrigin = 'anonymous'
    script.referrerPolicy = 'strict-origin-when-cross-origin'
    script.setAttribute('data-ad-client', client)
    script.setAttribute('data-testid', 'ad-script')
    const timer = window.setTimeout(() => resolve(false), 15_000)
    script.onload = () => {
      window.clearTimeout(timer)
      resolve(true)
    }
    script.onerror = () => {
      window.clearTimeout(timer)
      resolve(false)
    }
    document.head.appendChild(script)
  })
  scriptLoads.set(src, promise)
  return promise
}

export function AdSlot({ placement, className = '' }: { placement: AdPlacement; className?: string }) {
  const { ads, auth, subscription } = useShared()
  const [mounted, setMounted] = useState(false)
  const [pathname, setPathname] = useState<string | null>(null)
  const [flagEnabled, setFlagEnabled] = useState<boolean | null>(null)
  const [scriptState, setScriptState] = useState<ScriptState>('idle')
  const signedIn = Boolean(auth?.user)
  const slotIds = ads?.slotIds ?? []
  const publisherId = ads?.publisherId ?? null
  const scriptUrl = ads?.scriptUrl ?? null
  const subState = subscriptionAdState(signedIn, subscription)
  const staticOk =
    isPlacementAllowed(placement) &&
    subState === 'free' &&
    slotIdFor(placement, slotIds) !== null &&
    Boolean(publisherId && scriptUrl)

  useEffect(() => {
    setMounted(true)
    setPathname(window.location.pathname)
  }, [])

  // The flag is fetched only when everything else already allows an ad.
  useEffect(() => {
    if (!mounted || !staticOk || isPathSuppressed(pathname)) return
    let alive = true
    fetchAdsFlag().then((enabled) => {
      if (alive) setFlagEnabled(enabled)
    })
    return () => {
      alive = false
    }
  }, [mounted, staticOk, pathname])

  const base = { placement, pathname, flagEnabled, signedIn, subscription, slotIds, publisherId, scriptUrl }
  const ready = mounted && adPreconditions(base)

  useEffect(() => {
    if (!ready || scriptState !== 'idle') return
    setScriptState('loading')
    loadAdScript(scriptUrl!, publisherId!).then((ok) => setScriptState(ok ? 'loaded' : 'failed'))
  }, [ready, scriptState, scriptUrl, publisherId])

  const eligible = mounted && isAdEligible({ ...base, scriptState })

  useEffect(() => {
    if (!eligible) return
    try {
      ;(window.adsbygoogle = window.adsbygoogle || []).push({})
    } catch {
      // the provider failed: the slot stays empty, the page stays usable
    }
  }, [eligible])

  if (!eligible) return null
  const slotId = slotIdFor(placement, slotIds)!
  return (
    <aside aria-label="Advertisement" data-testid="ad-slot" data-placement={placement} className={`my-6 ${className}`}>
      <p className="mb-1 text-[10px] uppercase tracking-wide text-slate-400">Advertisement</p>
      <ins
        className="adsbygoogle"
        style={{ display: 'block' }}
        data-ad-client={`ca-${publisherId}`}
        data-ad-slot={slotId}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  )
}
