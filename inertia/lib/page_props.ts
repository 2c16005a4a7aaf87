import { usePage } from '@inertiajs/react'
import type { SharedPageProps } from '#shared/api/pages'
import type { SerializedUser } from '#shared/api/users'

/** Shared props every page receives: the server's own type (shared/api/pages.ts). */
export type SharedProps = SharedPageProps
export type SharedUser = SerializedUser

export function useShared(): SharedProps {
  return usePage().props as unknown as SharedProps
}
