import type { Demo } from './demo';

/** Demo data of issue 16: the ability library and the demo posts' models, knowledge maps and materials. */
export async function seedDemoAbilities(_demo: Demo): Promise<void> {
  // Filled by the feature that owns it.
}
