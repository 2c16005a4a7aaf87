/** Whether a request path (without query string) belongs to the JSON API. */
export function isApiPath(path: string) {
  return path.startsWith('/api/') || path === '/api'
}
