/*
| What the AI tool routes answer (CONTRACT 6), as the result components read them. The Q&A
| answer is shared with the server in shared/api/ai.ts.
*/
import type { ChunkRefJson } from '#shared/api/ai'

type ChunkRef = ChunkRefJson

export type Summary = { id: string; summary: string; key_points: string[]; citations?: ChunkRef[] }
export type FlashcardSet = { id: string; title: string; cards: { id: string; front: string; back: string; citation?: ChunkRef | null }[] }
export type Guide = { id: string; title: string; sections: { id: string; heading: string; content: string; order: number; citations?: ChunkRef[] }[] }
export type Game = { id: string; difficulty: string; questions: { index: number; question: string; options: string[] }[] }
export type Scored = { attempt_id: string; score: number; total: number; results: { index: number; selected: number; correct_index: number; correct: boolean; explanation: string }[] }
export type Course = { id: string; title: string; description: string; modules: { title: string; lessons: { title: string; summary: string }[] }[] }
