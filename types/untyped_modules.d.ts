/** Packages without bundled types that benchmarks and scripts use directly. */
declare module 'better-sqlite3'
declare module 'pg'
declare module 'pg-copy-streams'
declare module 'content-disposition' {
  export default function contentDisposition(
    filename?: string,
    options?: { type?: string; fallback?: string | boolean }
  ): string
}
