import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { ALL_ENVIRONMENTS } from '#database/seed_environments'
import { FeatureFlagName } from '#services/flags/feature_flags'
import { FeatureFlagAdmin } from '#services/flags/feature_flag_admin'
import { FlagExistsError } from '#exceptions/flags_errors'

/**
 * docs/rules/billing.md#guard-order: the demo data has enable_ai_tools, enable_uploads and enable_ads
 * enabled; enable_ocr_processing (docs/rules/flags.md#evaluation) is listed and off by default (reading scans
 * costs seconds of CPU per page). Idempotent: an existing flag is left as it is (never flipped).
 */
export const SEEDED_FLAGS = [
  {
    name: FeatureFlagName.ENABLE_AI_TOOLS,
    description: 'AI study tools and generated courses (/api/ai/*, /api/generated-courses)',
    isEnabled: true,
  },
  {
    name: FeatureFlagName.ENABLE_UPLOADS,
    description: 'Document uploads (POST /api/documents/upload)',
    isEnabled: true,
  },
  { name: FeatureFlagName.ENABLE_ADS, description: 'Ad slots for eligible free users', isEnabled: true },
  {
    name: FeatureFlagName.ENABLE_OCR_PROCESSING,
    description: 'Read scanned PDF pages (pages without text) with offline OCR during upload',
    isEnabled: false,
  },
]

export default class FlagsSeeder extends BaseSeeder {
  static environment = ALL_ENVIRONMENTS

  async run() {
    const admin = new FeatureFlagAdmin()
    for (const flag of SEEDED_FLAGS) {
      if (await admin.find(flag.name)) continue
      try {
        await admin.create(
          { name: flag.name, description: flag.description, isEnabled: flag.isEnabled, environment: null },
          'cli'
        )
      } catch (error: any) {
        if (!(error instanceof FlagExistsError)) throw error // created concurrently: fine
      }
    }
  }
}
