export type ClusterInstance = { port: number; url: string; child: import('node:child_process').ChildProcess }
export type Cluster = {
  url: string
  env: Record<string, string | undefined>
  ports: Record<string, number>
  instances: ClusterInstance[]
  kill(i: number): void
  restart(i: number): Promise<void>
  useInstances(n: number): Promise<void>
  stopRedis(): void
  startRedis(): Promise<void>
  stop(): Promise<void>
}
export function freePort(): Promise<number>
export function portAllocator(range?: string): () => Promise<number>
export function startCluster(options?: {
  instances?: number
  log?: (message: string) => void
  env?: Record<string, string>
  verbose?: boolean
  /** "3480-3489": every port from this range (default: CLUSTER_PORTS, else system-chosen). */
  portRange?: string
}): Promise<Cluster>
