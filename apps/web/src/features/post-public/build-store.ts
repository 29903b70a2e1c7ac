import { create } from 'zustand';
import {
  POST_TEMPLATES,
  RELATED_POSITIONS_LIMIT_MESSAGE,
  blankProfile,
  profileFromTemplate,
  relatedPositionProblem,
  type PositionProfile,
} from '@kaopei/shared';

/**
 * The /post/buildPost work in progress. The page is public, outside /manage's keep-alive outlet, so it is
 * "kept alive when revisited" (spec §2) by keeping its state here — in memory for the session of the tab
 * and in sessionStorage across a reload — rather than in the page component.
 */
export interface BuildState {
  /** The template the profile started from; '' for a blank start; null before choosing. */
  templateKey: string | null;
  profile: PositionProfile;
  /** Keys of the chosen related positions (templates), in the order chosen. */
  related: string[];
  /** Whether the plan is shown (after 生成培养方案). */
  planShown: boolean;
}

interface BuildActions {
  start: (templateKey: string) => void;
  setProfile: (profile: PositionProfile) => void;
  /** Adds or removes a related position; returns the refusal when the 11th is asked for. */
  toggleRelated: (key: string) => string | null;
  showPlan: (shown: boolean) => void;
  reset: () => void;
}

const STORAGE_KEY = 'kp-build-post';

const initial = (): BuildState => ({
  templateKey: null,
  profile: blankProfile(),
  related: [],
  planShown: false,
});

function restore(): BuildState {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (!text) return initial();
    const value = JSON.parse(text) as Partial<BuildState>;
    if (!value.profile || !Array.isArray(value.related)) return initial();
    return { ...initial(), ...value };
  } catch {
    return initial();
  }
}

function persist(state: BuildState): void {
  try {
    const { templateKey, profile, related, planShown } = state;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ templateKey, profile, related, planShown }));
  } catch {
    // Storage full or disabled: the state still lives in memory.
  }
}

export const useBuildStore = create<BuildState & BuildActions>((set, get) => ({
  ...restore(),
  start: (templateKey) => {
    const source = POST_TEMPLATES.find((t) => t.key === templateKey);
    set({
      templateKey,
      profile: source ? profileFromTemplate(source) : blankProfile(),
      related: get().related.filter((key) => key !== templateKey),
      planShown: false,
    });
  },
  setProfile: (profile) => set({ profile }),
  toggleRelated: (key) => {
    const { related } = get();
    if (related.includes(key)) {
      set({ related: related.filter((k) => k !== key) });
      return null;
    }
    const problem = relatedPositionProblem(related.length);
    if (problem) return problem;
    set({ related: [...related, key] });
    return null;
  },
  showPlan: (planShown) => set({ planShown }),
  reset: () => set(initial()),
}));

useBuildStore.subscribe(persist);

export { RELATED_POSITIONS_LIMIT_MESSAGE };
