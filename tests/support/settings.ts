import app from '@adonisjs/core/services/app'
import { ExtractionSettings } from '#services/documents/extraction_settings'

type SettingsClass = abstract new (overrides?: any) => object
type Factory = () => object

/** The settings swaps in force, and every change made to them (oldest first), for tests/bootstrap.ts. */
const active = new Map<SettingsClass, Factory>()
const journal: { Settings: SettingsClass; before: Factory | undefined }[] = []

/**
 * Runs the rest of a test (or group) with some settings of one area replaced, over those in force
 * (app/services/settings.ts):
 * swaps the class in the container and returns the function that puts the previous binding back. Hand it to
 * `cleanup`, or return it from a setup hook; tests/bootstrap.ts also undoes, at the end of each test and
 * group, what they did not, so a failed setup leaks nothing.
 */
export function swapSettings<C extends SettingsClass>(Settings: C, overrides: ConstructorParameters<C>[0]) {
  const Concrete = Settings as unknown as new (overrides?: unknown) => object
  const before = active.get(Settings)
  // Over the settings in force: a test's swap keeps what its group swapped.
  const values = { ...(before ? before() : new Concrete()), ...overrides }
  journal.push({ Settings, before })
  put(Settings, () => new Concrete(values))
  return () => put(Settings, before)
}

function put(Settings: SettingsClass, factory: Factory | undefined) {
  if (factory) {
    active.set(Settings, factory)
    app.container.swap(Settings as any, factory)
  } else {
    active.delete(Settings)
    app.container.restore(Settings as any)
  }
}

export function settingsMark() {
  return journal.length
}

/**
 * Undoes, newest first, the swaps made since `mark`, after the container dropped every binding swap
 * (`restoreAll`): the settings swaps of the enclosing group stay in force.
 */
export function undoSettingsTo(mark: number) {
  while (journal.length > mark) {
    const { Settings, before } = journal.pop()!
    put(Settings, before)
  }
  for (const [Settings, factory] of active) app.container.swap(Settings as any, factory)
}

type Extraction = ExtractionSettings
type ExtractionChanges = {
  pool?: Partial<Extraction['pool']>
  limits?: Partial<Extraction['limits']>
  ocr?: Partial<Extraction['ocr']>
  timeoutMs?: number
}

/** swapSettings for ExtractionSettings, whose groups (pool, limits, ocr) change in part. */
export function swapExtractionSettings(changes: ExtractionChanges) {
  const boot = new ExtractionSettings()
  return swapSettings(ExtractionSettings, {
    pool: { ...boot.pool, ...changes.pool },
    limits: { ...boot.limits, ...changes.limits },
    ocr: { ...boot.ocr, ...changes.ocr },
    timeoutMs: changes.timeoutMs ?? boot.timeoutMs,
  })
}
