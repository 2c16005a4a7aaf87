import { aiConfig } from '#config/ai'
import { settingsFrom } from '#services/settings'

/** config/ai.ts as read at boot (whether ingest and questions use sentence embeddings); tests swap it. */
export class AiSettings extends settingsFrom(aiConfig) {}

export type EmbeddingsSwitch = Pick<AiSettings, 'embeddingsEnabled'>
