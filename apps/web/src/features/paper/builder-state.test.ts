import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTION_NAME, QuestionType, paperTotals } from '@kaopei/shared';
import {
  builderReducer,
  initialBuilderState,
  isDirty,
  nextSectionName,
  pickedIds,
  toSectionsInput,
  type BuilderState,
  type QuestionSummary,
} from './builder-state';

const q = (questionId: number, type: number, difficulty = 3): QuestionSummary => ({
  questionId,
  type,
  typeLabel: '',
  stemText: `题${questionId}`,
  difficulty,
  bankName: '题库',
});

function run(state: BuilderState, ...actions: Parameters<typeof builderReducer>[1][]): BuilderState {
  return actions.reduce(builderReducer, state);
}

describe('builderReducer', () => {
  it('creates the default section on the first pick and deselects a question picked again', () => {
    let state = run(initialBuilderState(), { type: 'pick', question: q(1, QuestionType.SINGLE) });
    expect(state.paper.sectionVOS.map((s) => s.name)).toEqual([DEFAULT_SECTION_NAME]);
    expect(state.paper.sectionVOS[0]?.questionVOS[0]?.points).toBe(10);
    state = run(
      state,
      { type: 'pick', question: q(2, QuestionType.MULTIPLE) },
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
    );
    expect(pickedIds(state.paper)).toEqual([2]);
    expect(isDirty(state)).toBe(true);
  });

  it('classifies by type into sections named after the type label, creating them when missing', () => {
    const state = run(
      initialBuilderState(),
      { type: 'classify', on: true },
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'pick', question: q(2, QuestionType.TRUE_FALSE) },
      { type: 'pick', question: q(3, QuestionType.SINGLE) },
    );
    expect(state.paper.sectionVOS.map((s) => [s.name, s.questionVOS.map((x) => x.questionId)])).toEqual([
      ['单选题', [1, 3]],
      ['判断题', [2]],
    ]);
  });

  it('puts picks into the chosen section when classify-by-type is off', () => {
    let state = run(
      initialBuilderState(),
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'addSection', name: '第2大题' },
    );
    const [first] = state.paper.sectionVOS;
    state = run(state, { type: 'pick', question: q(2, QuestionType.SINGLE) });
    expect(state.paper.sectionVOS[1]?.questionVOS.map((x) => x.questionId)).toEqual([2]);
    state = run(
      state,
      { type: 'activeSection', key: first?.key ?? '' },
      { type: 'pick', question: q(3, QuestionType.SINGLE) },
    );
    expect(state.paper.sectionVOS[0]?.questionVOS.map((x) => x.questionId)).toEqual([1, 3]);
  });

  it('keeps section keys through moves and renames, and totals follow points', () => {
    let state = run(
      initialBuilderState(),
      { type: 'classify', on: true },
      { type: 'pick', question: q(1, QuestionType.SINGLE, 2) },
      { type: 'pick', question: q(2, QuestionType.FILL, 6) },
    );
    const keys = state.paper.sectionVOS.map((s) => s.key);
    state = run(
      state,
      { type: 'moveSection', from: 1, to: 0 },
      { type: 'points', questionId: 2, points: 4.5 },
    );
    expect(state.paper.sectionVOS.map((s) => s.key)).toEqual([keys[1], keys[0]]);
    state = run(state, { type: 'renameSection', key: keys[1] ?? '', name: '填空' });
    expect(state.paper.sectionVOS[0]?.name).toBe('填空');
    expect(paperTotals(state.paper).totalScore).toBe(14.5);
    expect(toSectionsInput(state.paper)).toEqual([
      { name: '填空', questionVOS: [{ questionId: 2, points: 4.5 }] },
      { name: '单选题', questionVOS: [{ questionId: 1, points: 10 }] },
    ]);
  });

  it('moves a question into another section and marks the state saved', () => {
    let state = run(
      initialBuilderState(),
      { type: 'classify', on: true },
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'pick', question: q(2, QuestionType.TRUE_FALSE) },
      {
        type: 'moveQuestion',
        from: { sectionIndex: 1, questionIndex: 0 },
        to: { sectionIndex: 0, questionIndex: 0 },
      },
    );
    expect(state.paper.sectionVOS.map((s) => s.questionVOS.map((x) => x.questionId))).toEqual([[2, 1], []]);
    state = run(state, { type: 'saved', revision: state.revision });
    expect(isDirty(state)).toBe(false);
    expect(nextSectionName(state.paper)).toBe('第3大题');
  });

  it('sets one value for every question of a section, leaving other sections alone, and marks the paper unsaved', () => {
    let state = run(
      initialBuilderState(),
      { type: 'classify', on: true },
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'pick', question: q(2, QuestionType.SINGLE) },
      { type: 'pick', question: q(3, QuestionType.TRUE_FALSE) },
    );
    state = run(state, { type: 'saved', revision: state.revision });
    const [single] = state.paper.sectionVOS;
    state = run(state, { type: 'pointsAll', sectionKey: single?.key ?? '', points: 2.5 });
    expect(state.paper.sectionVOS.map((s) => s.questionVOS.map((x) => x.points))).toEqual([[2.5, 2.5], [10]]);
    expect(isDirty(state)).toBe(true);
    expect(run(state, { type: 'pointsAll', sectionKey: 'missing', points: 1 })).toBe(state);
  });

  it('turning classify-by-type on or off marks the paper unsaved (autosave and the leave guard rely on it)', () => {
    let state = run(initialBuilderState(), { type: 'pick', question: q(1, QuestionType.SINGLE) });
    state = run(state, { type: 'saved', revision: state.revision });
    state = run(state, { type: 'classify', on: true });
    expect(state.classifyByType).toBe(true);
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'saved', revision: state.revision }, { type: 'classify', on: false });
    expect(isDirty(state)).toBe(true);
  });

  it('loads a paper as saved, or as unsaved when it is a restored draft', () => {
    const picked = run(initialBuilderState(), { type: 'pick', question: q(1, QuestionType.SINGLE) });
    const load = {
      type: 'load' as const,
      paper: { name: '安全试卷', sectionVOS: picked.paper.sectionVOS },
      info: [q(1, QuestionType.SINGLE)],
      classifyByType: true,
    };
    const state = run(initialBuilderState(), { type: 'activeSection', key: 'x' }, load);
    expect(isDirty(state)).toBe(false);
    expect(state.paper.name).toBe('安全试卷');
    expect(state.info[1]?.stemText).toBe('题1');
    expect(state.classifyByType).toBe(true);
    expect(state.activeSection).toBeNull();
    expect(pickedIds(state.paper)).toEqual([1]);
    expect(isDirty(run(initialBuilderState(), { ...load, dirty: true }))).toBe(true);
  });

  it('keeps the paper unsaved through every kind of edit after a change since the last save', () => {
    // Loaded (saved), then changed: no later edit may bring the paper back to "saved".
    const loaded = run(initialBuilderState(), {
      type: 'load',
      paper: { name: '试卷', sectionVOS: [] },
      info: [],
      classifyByType: false,
    });
    for (const edit of [
      { type: 'classify', on: true },
      { type: 'touch' },
      { type: 'name', name: '新名称' },
    ] as const) {
      const state = run(loaded, { type: 'pick', question: q(1, QuestionType.SINGLE) }, edit);
      expect(isDirty(state), edit.type).toBe(true);
    }
    expect(run(loaded, { type: 'name', name: '新名称' }).paper.name).toBe('新名称');
  });

  it('removes a question, and a section (no longer chosen when it was the chosen one)', () => {
    let state = run(
      initialBuilderState(),
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'pick', question: q(2, QuestionType.SINGLE) },
      { type: 'remove', questionId: 1 },
    );
    expect(pickedIds(state.paper)).toEqual([2]);
    const [first] = state.paper.sectionVOS;
    state = run(state, { type: 'addSection', name: '第2大题' });
    const second = state.paper.sectionVOS[1];
    expect(state.activeSection).toBe(second?.key);
    const keepChosen = run(state, { type: 'removeSection', key: first?.key ?? '' });
    expect(keepChosen.paper.sectionVOS.map((s) => s.key)).toEqual([second?.key]);
    expect(keepChosen.activeSection).toBe(second?.key);
    const dropChosen = run(state, { type: 'removeSection', key: second?.key ?? '' });
    expect(dropChosen.paper.sectionVOS.map((s) => s.key)).toEqual([first?.key]);
    expect(dropChosen.activeSection).toBeNull();
  });

  it('remembers a picked question for the list, and picks into the first section when the chosen one is gone', () => {
    let state = run(
      initialBuilderState(),
      { type: 'pick', question: q(1, QuestionType.SINGLE) },
      { type: 'activeSection', key: 'gone' },
      { type: 'pick', question: q(2, QuestionType.FILL) },
    );
    expect(state.paper.sectionVOS.map((s) => s.questionVOS.map((x) => x.questionId))).toEqual([[1, 2]]);
    expect(state.info[2]?.type).toBe(QuestionType.FILL);
    state = run(state, { type: 'pick', question: q(2, QuestionType.FILL) });
    expect(pickedIds(state.paper)).toEqual([1]);
  });

  it('names new papers and sections without clashing, and sends blank section names as the default', () => {
    expect(initialBuilderState().paper.name).toBe('');
    const one = { name: '', sectionVOS: [{ name: '第2大题', questionVOS: [] }] };
    expect(nextSectionName(one)).toBe('第3大题');
    expect(nextSectionName({ name: '', sectionVOS: [] })).toBe('第1大题');
    expect(
      toSectionsInput({
        name: '',
        sectionVOS: [
          { name: '  ', questionVOS: [] },
          { name: ' 判断 ', questionVOS: [] },
        ],
      }).map((s) => s.name),
    ).toEqual([DEFAULT_SECTION_NAME, '判断']);
  });
});
