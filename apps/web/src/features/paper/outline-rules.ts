import type { BuilderAction, BuilderPaper } from './builder-state';

/** Drag ids of the outline: a section, a question, and a section's empty drop zone. */
export const sectionId = (key: string) => `s:${key}`;
export const questionId = (id: number) => `q:${id}`;
export const emptyId = (key: string) => `e:${key}`;

/** What is being dragged, from its id. */
export function dragKindOf(id: string): 'section' | 'question' {
  return id.startsWith('s:') ? 'section' : 'question';
}

interface Place {
  sectionIndex: number;
  /** null for a section (or its empty zone). */
  questionIndex: number | null;
}

/** Where a drag id sits in the paper: a section index, or a question's section and position. */
export function locate(paper: BuilderPaper, id: string): Place | null {
  const sections = paper.sectionVOS;
  if (id.startsWith('s:') || id.startsWith('e:')) {
    const index = sections.findIndex((section) => section.key === id.slice(2));
    return index < 0 ? null : { sectionIndex: index, questionIndex: null };
  }
  const qid = Number(id.slice(2));
  for (let s = 0; s < sections.length; s++) {
    const q = sections[s]?.questionVOS.findIndex((item) => item.questionId === qid) ?? -1;
    if (q >= 0) return { sectionIndex: s, questionIndex: q };
  }
  return null;
}

/**
 * The move a drop of `active` onto `over` makes, or null when it makes none. A section takes the place
 * of the section it lands on; a question takes the place of the question it lands on, or becomes the
 * first question of the empty section it lands on.
 */
export function dropMove(paper: BuilderPaper, active: string, over: string | null): BuilderAction | null {
  if (over === null || active === over) return null;
  const from = locate(paper, active);
  const to = locate(paper, over);
  if (!from || !to) return null;
  if (from.questionIndex === null)
    return { type: 'moveSection', from: from.sectionIndex, to: to.sectionIndex };
  return {
    type: 'moveQuestion',
    from: { sectionIndex: from.sectionIndex, questionIndex: from.questionIndex },
    to: {
      sectionIndex: to.sectionIndex,
      questionIndex: to.questionIndex ?? paper.sectionVOS[to.sectionIndex]?.questionVOS.length ?? 0,
    },
  };
}
