import type { Demo } from './demo';

/** Demo data of issue 16: post families, the five demo posts, staff assigned to them. */
export async function seedDemoPosts(_demo: Demo): Promise<void> {
  // Filled by the feature that owns it.
}
