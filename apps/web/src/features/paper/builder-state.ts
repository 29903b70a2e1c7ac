import {
  DEFAULT_SECTION_NAME,
  moveQuestion,
  moveSection,
  removeQuestion,
  setPoints,
  togglePick,
  type PaperDraft,
  type PaperQuestionItem,
  type PaperSectionItem,
} from '@kaopei/shared';

/**
 * State of the manual paper builder. The paper itself changes only through the shared pure rules of
 * spec §4 (packages/shared/src/paper.ts); this module adds what the screen needs around them: stable
 * keys for dragging sections, display data of the picked questions, the classify-by-type switch, the
 * section new picks go to, and a revision counter for "unsaved changes" and autosave.
 */

/** What the builder shows of a picked question. */
export interface QuestionSummary {
  questionId: number;
  type: number;
  typeLabel: string;
  stemText: string;
  difficulty: number;
  bankName: string;
}

export interface BuilderSection extends PaperSectionItem {
  /** Stable identity for drag and drop (sections have no id until saved). */
  key: string;
}

export interface BuilderPaper extends PaperDraft {
  sectionVOS: BuilderSection[];
}

export interface BuilderState {
  paper: BuilderPaper;
  info: Record<number, QuestionSummary>;
  classifyByType: boolean;
  /** Without classify-by-type: the section picks go to; null = the last one. */
  activeSection: string | null;
  /** Bumped by every change of the paper. */
  revision: number;
  /** The revision last saved (or loaded). */
  savedRevision: number;
}

export type BuilderAction =
  | {
      type: 'load';
      paper: PaperDraft;
      info: QuestionSummary[];
      classifyByType: boolean;
      /** Keep the loaded content as unsaved (a restored local draft). */
      dirty?: boolean;
    }
  | { type: 'pick'; question: QuestionSummary }
  | { type: 'remove'; questionId: number }
  | { type: 'points'; questionId: number; points: number }
  | { type: 'pointsAll'; sectionKey: string; points: number }
  | {
      type: 'moveQuestion';
      from: { sectionIndex: number; questionIndex: number };
      to: { sectionIndex: number; questionIndex: number };
    }
  | { type: 'moveSection'; from: number; to: number }
  | { type: 'addSection'; name: string }
  | { type: 'renameSection'; key: string; name: string }
  | { type: 'removeSection'; key: string }
  | { type: 'name'; name: string }
  | { type: 'classify'; on: boolean }
  | { type: 'activeSection'; key: string | null }
  /** A change outside the paper's content that still needs saving (e.g. its bank). */
  | { type: 'touch' }
  | { type: 'saved'; revision: number };

let keySeed = 0;
function newKey(): string {
  keySeed += 1;
  return `section-${keySeed}`;
}

/** Gives every section a key, keeping existing ones (sections created by the shared rules have none). */
export function withKeys(paper: PaperDraft): BuilderPaper {
  return {
    ...paper,
    sectionVOS: paper.sectionVOS.map((section) => {
      const key = (section as Partial<BuilderSection>).key;
      return { ...section, key: key ?? newKey() };
    }),
  };
}

export function initialBuilderState(name = ''): BuilderState {
  return {
    paper: { name, sectionVOS: [] },
    info: {},
    classifyByType: false,
    activeSection: null,
    revision: 0,
    savedRevision: 0,
  };
}

export function isDirty(state: BuilderState): boolean {
  return state.revision !== state.savedRevision;
}

function changed(state: BuilderState, paper: PaperDraft, extra: Partial<BuilderState> = {}): BuilderState {
  return { ...state, ...extra, paper: withKeys(paper), revision: state.revision + 1 };
}

type ActionOf<T extends BuilderAction['type']> = Extract<BuilderAction, { type: T }>;

function withSections(paper: PaperDraft, sectionVOS: BuilderSection[]): PaperDraft {
  return { ...paper, sectionVOS };
}

/** A paper loaded from the server (or a draft): dirty only when the draft says so. */
function loaded(state: BuilderState, action: ActionOf<'load'>): BuilderState {
  const info = Object.fromEntries(action.info.map((q) => [q.questionId, q]));
  const revision = state.revision + 1;
  return {
    paper: withKeys(action.paper),
    info,
    classifyByType: action.classifyByType,
    activeSection: null,
    revision,
    savedRevision: action.dirty ? state.savedRevision : revision,
  };
}

/** A question picked in the picker: added (to the active section when one is) or taken out again. */
function picked(state: BuilderState, question: ActionOf<'pick'>['question']): BuilderState {
  const sectionIndex =
    state.activeSection === null
      ? undefined
      : state.paper.sectionVOS.findIndex((section) => section.key === state.activeSection);
  const paper = togglePick(
    state.paper,
    { questionId: question.questionId, questionType: question.type, difficulty: question.difficulty },
    {
      classifyByType: state.classifyByType,
      ...(sectionIndex !== undefined && sectionIndex >= 0 ? { sectionIndex } : {}),
    },
  );
  return changed(state, paper, { info: { ...state.info, [question.questionId]: question } });
}

/** One value for every question of a section. */
function withSectionPoints(state: BuilderState, sectionKey: string, points: number): BuilderState {
  const section = state.paper.sectionVOS.find((s) => s.key === sectionKey);
  if (!section) return state;
  const paper = section.questionVOS.reduce<PaperDraft>(
    (draft, q) => setPoints(draft, q.questionId, points),
    state.paper,
  );
  return changed(state, paper);
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return loaded(state, action);
    case 'pick':
      return picked(state, action.question);
    case 'remove':
      return changed(state, removeQuestion(state.paper, action.questionId));
    case 'points':
      return changed(state, setPoints(state.paper, action.questionId, action.points));
    case 'pointsAll':
      return withSectionPoints(state, action.sectionKey, action.points);
    case 'moveQuestion':
      return changed(state, moveQuestion(state.paper, action.from, action.to));
    case 'moveSection':
      return changed(state, moveSection(state.paper, action.from, action.to));
    case 'addSection': {
      const key = newKey();
      const section = { key, name: action.name, questionVOS: [] } as BuilderSection;
      return changed(state, withSections(state.paper, [...state.paper.sectionVOS, section]), {
        activeSection: key,
      });
    }
    case 'renameSection':
      return changed(
        state,
        withSections(
          state.paper,
          state.paper.sectionVOS.map((section) =>
            section.key === action.key ? { ...section, name: action.name } : section,
          ),
        ),
      );
    case 'removeSection':
      return changed(
        state,
        withSections(
          state.paper,
          state.paper.sectionVOS.filter((section) => section.key !== action.key),
        ),
        state.activeSection === action.key ? { activeSection: null } : {},
      );
    case 'name':
      return changed(state, { ...state.paper, name: action.name });
    case 'classify':
      // Not part of the paper's content but saved with its settings.
      return { ...state, classifyByType: action.on, revision: state.revision + 1 };
    case 'touch':
      return { ...state, revision: state.revision + 1 };
    case 'activeSection':
      return { ...state, activeSection: action.key };
    case 'saved':
      return { ...state, savedRevision: action.revision };
  }
}

/** Every question id in the paper, in order. */
export function pickedIds(paper: PaperDraft): number[] {
  return paper.sectionVOS.flatMap((section) => section.questionVOS.map((q) => q.questionId));
}

/** The body the server's save calls take: sections with their questions' ids and points. */
export function toSectionsInput(
  paper: PaperDraft,
): { name: string; questionVOS: { questionId: number; points: number }[] }[] {
  return paper.sectionVOS.map((section) => ({
    name: section.name.trim() || DEFAULT_SECTION_NAME,
    questionVOS: section.questionVOS.map((q: PaperQuestionItem) => ({
      questionId: q.questionId,
      points: q.points,
    })),
  }));
}

/** A name for a new section that no section has yet: 第N大题. */
export function nextSectionName(paper: PaperDraft): string {
  const names = new Set(paper.sectionVOS.map((section) => section.name));
  for (let n = paper.sectionVOS.length + 1; ; n += 1) {
    const name = `第${n}大题`;
    if (!names.has(name)) return name;
  }
}
