import type { ReactNode } from 'react';
import { Button, Drawer, Flex } from 'antd';
import { FlagFilled } from '@ant-design/icons';
import type { AttemptView } from '../api';

export interface SheetEntry {
  answered: boolean;
  flagged: boolean;
}

export interface AnswerSheetProps {
  open: boolean;
  onClose: () => void;
  sections: AttemptView['sections'];
  stateOf: (questionId: number) => SheetEntry;
  current: number;
  /** Jumps to the question with this 1-based number. */
  onPick: (number: number) => void;
  onSubmit: () => void;
  submitDisabled?: boolean;
}

/** 答题卡: every question by number, answered / unanswered / flagged, grouped by section. */
export function AnswerSheet({
  open,
  onClose,
  sections,
  stateOf,
  current,
  onPick,
  onSubmit,
  submitDisabled,
}: AnswerSheetProps): ReactNode {
  const all = sections.flatMap((section) => section.questions);
  const states = all.map((question) => stateOf(question.questionId));
  const answered = states.filter((state) => state.answered).length;
  const flagged = states.filter((state) => state.flagged).length;

  return (
    <Drawer
      title="答题卡"
      placement="bottom"
      open={open}
      onClose={onClose}
      className="kp-m-sheet"
      footer={
        <Button type="primary" block disabled={submitDisabled} onClick={onSubmit}>
          交卷
        </Button>
      }
    >
      <Flex gap={12} wrap className="kp-m-sheet__legend" data-testid="sheet-summary">
        <span>
          <i className="kp-m-dot kp-m-dot--answered" /> 已答 {answered}
        </span>
        <span>
          <i className="kp-m-dot" /> 未答 {all.length - answered}
        </span>
        <span>
          <FlagFilled className="kp-m-flag-icon" /> 标记 {flagged}
        </span>
      </Flex>
      {sections.map((section, sectionIndex) => (
        <section key={sectionIndex} className="kp-m-sheet__section">
          <h3>{section.name}</h3>
          <div className="kp-m-sheet__grid">
            {section.questions.map((question) => {
              const state = stateOf(question.questionId);
              const classes = ['kp-m-sheet__cell'];
              if (state.answered) classes.push('kp-m-sheet__cell--answered');
              if (question.number === current) classes.push('kp-m-sheet__cell--current');
              const status = `${state.answered ? '已答' : '未答'}${state.flagged ? '，已标记' : ''}`;
              return (
                <button
                  key={question.questionId}
                  type="button"
                  className={classes.join(' ')}
                  aria-label={`第 ${question.number} 题，${status}`}
                  data-testid="sheet-cell"
                  data-answered={state.answered}
                  data-flagged={state.flagged}
                  onClick={() => onPick(question.number)}
                >
                  {question.number}
                  {state.flagged ? <FlagFilled className="kp-m-sheet__flag" /> : null}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </Drawer>
  );
}
