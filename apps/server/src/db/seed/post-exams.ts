import type { Demo } from './demo';

/** Demo data of issue 16: a finished post exam with per-ability results. */
export async function seedDemoPostExams(_demo: Demo): Promise<void> {
  // Filled by the feature that owns it.
}
