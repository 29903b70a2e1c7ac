import type { Demo } from './demo';

/** Demo data of issue 16: manager ratings of abilities. */
export async function seedDemoRatings(_demo: Demo): Promise<void> {
  // Filled by the feature that owns it.
}
