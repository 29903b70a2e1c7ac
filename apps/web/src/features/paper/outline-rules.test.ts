import { describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import { builderReducer, initialBuilderState, type BuilderState } from './builder-state';
import { dragKindOf, dropMove, emptyId, locate, questionId, sectionId } from './outline-rules';

const question = (id: number) => ({
  questionId: id,
  type: QuestionType.SINGLE,
  typeLabel: '',
  stemText: `题${id}`,
  difficulty: 3,
  bankName: '题库',
});

/** Two sections: 一 with questions 1 and 2, 二 with question 3, and an empty 三. */
function paper() {
  const state = [
    { type: 'pick', question: question(1) },
    { type: 'pick', question: question(2) },
    { type: 'addSection', name: '二' },
    { type: 'pick', question: question(3) },
    { type: 'addSection', name: '三' },
  ] as const;
  return state.reduce<BuilderState>(builderReducer, initialBuilderState()).paper;
}

describe('outline drag rules', () => {
  it('locates sections, empty zones and questions by their drag ids', () => {
    const p = paper();
    const [first, , third] = p.sectionVOS.map((s) => s.key);
    expect(locate(p, sectionId(first ?? ''))).toEqual({ sectionIndex: 0, questionIndex: null });
    expect(locate(p, emptyId(third ?? ''))).toEqual({ sectionIndex: 2, questionIndex: null });
    expect(locate(p, questionId(2))).toEqual({ sectionIndex: 0, questionIndex: 1 });
    expect(locate(p, questionId(3))).toEqual({ sectionIndex: 1, questionIndex: 0 });
    expect(locate(p, questionId(99))).toBeNull();
    expect(dragKindOf(sectionId('x'))).toBe('section');
    expect(dragKindOf(questionId(1))).toBe('question');
  });

  it('moves a section onto a section, a question onto a question or into an empty section', () => {
    const p = paper();
    const [first, second, third] = p.sectionVOS.map((s) => s.key);
    expect(dropMove(p, sectionId(first ?? ''), sectionId(second ?? ''))).toEqual({
      type: 'moveSection',
      from: 0,
      to: 1,
    });
    expect(dropMove(p, questionId(1), questionId(3))).toEqual({
      type: 'moveQuestion',
      from: { sectionIndex: 0, questionIndex: 0 },
      to: { sectionIndex: 1, questionIndex: 0 },
    });
    expect(dropMove(p, questionId(2), emptyId(third ?? ''))).toEqual({
      type: 'moveQuestion',
      from: { sectionIndex: 0, questionIndex: 1 },
      to: { sectionIndex: 2, questionIndex: 0 },
    });
  });

  it('makes no move when dropped on itself, on nothing, or on what is gone', () => {
    const p = paper();
    expect(dropMove(p, questionId(1), questionId(1))).toBeNull();
    expect(dropMove(p, questionId(1), null)).toBeNull();
    expect(dropMove(p, questionId(1), questionId(99))).toBeNull();
  });
});
