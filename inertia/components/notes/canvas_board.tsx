import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import {
  Background,
  Controls,
  NodeResizer,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import {
  CARD_HEIGHT as DEFAULT_H,
  CARD_WIDTH as DEFAULT_W,
  notesUrl,
  placeAll,
  type CanvasJson,
  type NoteJson,
} from '~/components/notes/notes_lib'

type CardData = { title: string; body: string; groupLabel: string | null; noteId: string }
type CardNode = Node<CardData, 'note'>
type GroupData = { label: string }
type GroupNode = Node<GroupData, 'group_bg'>

export type CanvasBoardProps = {
  notes: NoteJson[]
  /** Persists one card's layout; rejects on failure (the board then restores the previous one). */
  onSave: (noteId: string, canvas: CanvasJson) => Promise<void>
  onOpen: (noteId: string) => void
  onSelect?: (noteId: string | null) => void
}

const BoardContext = createContext<{
  resized: (id: string, box: { x: number; y: number; width: number; height: number }) => void
}>({
  resized: () => {},
})

function NoteCard({ id, data, selected, positionAbsoluteX, positionAbsoluteY, width, height }: NodeProps<CardNode>) {
  const board = useContext(BoardContext)
  return (
    <div
      data-testid={`canvas-card-${data.noteId}`}
      data-x={Math.round(positionAbsoluteX)}
      data-y={Math.round(positionAbsoluteY)}
      data-width={Math.round(width ?? 0)}
      data-height={Math.round(height ?? 0)}
      className={`flex h-full w-full flex-col overflow-hidden rounded-lg border bg-white p-3 text-left shadow-sm ${selected ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-300'}`}
    >
      <NodeResizer
        isVisible={selected}
        minWidth={40}
        minHeight={40}
        maxWidth={4000}
        maxHeight={4000}
        onResizeEnd={(_event, params) => board.resized(id, params)}
      />
      {data.groupLabel ? (
        <span className="mb-1 self-start rounded bg-indigo-50 px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide text-indigo-700">
          {data.groupLabel}
        </span>
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <p className="truncate font-semibold text-slate-900">{data.title}</p>
        {/* A tap target for touch screens (no double-click there); nodrag keeps a tap from moving the card. */}
        <a
          href={notesUrl.show(data.noteId)}
          className="nodrag shrink-0 rounded px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50"
          data-testid="canvas-open"
        >
          Open<span className="sr-only"> “{data.title}”</span>
        </a>
      </div>
      <p className="mt-1 line-clamp-4 whitespace-pre-line text-xs text-slate-600">{data.body}</p>
    </div>
  )
}

function GroupBackground({ data }: NodeProps<GroupNode>) {
  return (
    <div
      className="h-full w-full rounded-xl border-2 border-dashed border-indigo-200 bg-indigo-50/40"
      data-testid="canvas-group"
    >
      <span className="ml-3 mt-1 inline-block text-xs font-semibold text-indigo-700">{data.label}</span>
    </div>
  )
}

const nodeTypes = { note: NoteCard, group_bg: GroupBackground }

function toNodes(notes: NoteJson[]): CardNode[] {
  const places = placeAll(notes)
  return notes.map((note, index) => {
    const c = places[index]
    return {
      id: note.id,
      type: 'note',
      position: { x: c.x, y: c.y },
      width: c.width,
      height: c.height,
      data: { title: note.title, body: note.body, groupLabel: c.group_label, noteId: note.id },
    }
  })
}

function Board({ notes, onSave, onOpen, onSelect }: CanvasBoardProps) {
  const [nodes, setNodes] = useState<CardNode[]>(() => toNodes(notes))
  useEffect(() => setNodes(toNodes(notes)), [notes])

  const layoutOf = (node: CardNode): CanvasJson => ({
    x: Math.round(node.position.x),
    y: Math.round(node.position.y),
    width: Math.round(node.width ?? node.measured?.width ?? DEFAULT_W),
    height: Math.round(node.height ?? node.measured?.height ?? DEFAULT_H),
    group_label: node.data.groupLabel,
  })

  const persist = useCallback(
    async (node: CardNode, previous: CardNode | undefined) => {
      try {
        await onSave(node.id, layoutOf(node))
      } catch {
        // The server kept the previous layout: show it again.
        if (previous) setNodes((list) => list.map((n) => (n.id === node.id ? previous : n)))
      }
    },
    [onSave]
  )

  const dragStart = useRef<Record<string, CardNode>>({})
  const nodesRef = useRef(nodes)
  nodesRef.current = nodes

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const own = changes.filter((c) => !('id' in c) || !String(c.id).startsWith('group:'))
      setNodes((list) => applyNodeChanges(own, list) as CardNode[])
      for (const change of own) {
        if (change.type === 'select' && change.selected) onSelect?.(change.id)
      }
    },
    [onSelect]
  )

  const resized = useCallback(
    (id: string, box: { x: number; y: number; width: number; height: number }) => {
      const node = nodesRef.current.find((n) => n.id === id)
      if (!node) return
      const next: CardNode = { ...node, position: { x: box.x, y: box.y }, width: box.width, height: box.height }
      void persist(next, dragStart.current[id] ?? node)
    },
    [persist]
  )

  const groups: GroupNode[] = useMemo(() => {
    const boxes = new Map<string, { x1: number; y1: number; x2: number; y2: number }>()
    for (const n of nodes) {
      const label = n.data.groupLabel
      if (!label) continue
      const w = n.width ?? DEFAULT_W
      const h = n.height ?? DEFAULT_H
      const b = boxes.get(label) ?? { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity }
      b.x1 = Math.min(b.x1, n.position.x)
      b.y1 = Math.min(b.y1, n.position.y)
      b.x2 = Math.max(b.x2, n.position.x + w)
      b.y2 = Math.max(b.y2, n.position.y + h)
      boxes.set(label, b)
    }
    return [...boxes.entries()].map(([label, b]) => ({
      id: `group:${label}`,
      type: 'group_bg' as const,
      position: { x: b.x1 - 20, y: b.y1 - 32 },
      width: b.x2 - b.x1 + 40,
      height: b.y2 - b.y1 + 52,
      data: { label },
      draggable: false,
      selectable: false,
      focusable: false,
      zIndex: -1,
    }))
  }, [nodes])

  return (
    <BoardContext.Provider value={{ resized }}>
      <ReactFlow<CardNode | GroupNode>
        nodes={[...groups, ...nodes]}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange as any}
        onNodeDragStart={(_e, node) => {
          const current = nodesRef.current.find((n) => n.id === node.id)
          if (current) dragStart.current[node.id] = current
        }}
        onNodeDragStop={(_e, node) => {
          if (node.type !== 'note') return
          void persist(node as CardNode, dragStart.current[node.id])
        }}
        onNodeDoubleClick={(_e, node) => {
          if (node.type === 'note') onOpen(node.id)
        }}
        onPaneClick={() => onSelect?.(null)}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.1}
        maxZoom={2}
        translateExtent={[
          [-100000, -100000],
          [104000, 104000],
        ]}
        nodeExtent={[
          [-100000, -100000],
          [100000, 100000],
        ]}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </BoardContext.Provider>
  )
}

/** The canvas mode of /notes: draggable, resizable note cards with group labels. */
export default function CanvasBoard(props: CanvasBoardProps) {
  return (
    <ReactFlowProvider>
      <Board {...props} />
    </ReactFlowProvider>
  )
}
