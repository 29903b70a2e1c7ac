import type { ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { formatScore } from '@kaopei/shared';
import type { CandidateQuestion } from '../api';
import type { AnswerSync } from '../answer-sync';
import { QuestionAnswer, TYPING_DEBOUNCE_MS } from './question-answer';

export interface ExamQuestionProps {
  question: CandidateQuestion;
  total: number;
  /** Where the question's answer and flag are read from and written to. */
  sync: AnswerSync;
  disabled: boolean;
}

/** The question on screen: its number, type, points, the 标记 flag, the stem and the answer field. */
export function ExamQuestion({ question, total, sync, disabled }: ExamQuestionProps): ReactNode {
  const local = sync.get(question.questionId);
  const stemId = `kp-stem-${question.questionId}`;
  const numberId = `kp-number-${question.questionId}`;
  return (
    <article
      className="kp-m-card kp-m-question"
      aria-labelledby={numberId}
      data-testid="question"
      data-question-id={question.questionId}
      data-question-type={question.type}
    >
      <div className="kp-m-question__head">
        <span className="kp-m-question__number" id={numberId}>
          第 {question.number}/{total} 题
        </span>
        <Tag color="blue">{question.typeLabel}</Tag>
        <span className="kp-m-muted">{formatScore(question.points)} 分</span>
        <Button
          type="text"
          size="small"
          className="kp-m-question__flag"
          aria-pressed={local?.flagged ?? false}
          icon={local?.flagged ? <FlagFilled /> : <FlagOutlined />}
          disabled={disabled}
          onClick={() => sync.update(question.questionId, { flagged: !(local?.flagged ?? false) })}
        >
          {local?.flagged ? '已标记' : '标记'}
        </Button>
      </div>
      <div
        className="kp-m-question__stem"
        id={stemId}
        // Stems are sanitised by the server on every write (question.rules sanitizeStem).
        dangerouslySetInnerHTML={{ __html: question.stem }}
      />
      <QuestionAnswer
        key={question.questionId}
        question={question}
        answer={local?.answer ?? null}
        disabled={disabled}
        labelledBy={stemId}
        onChange={(answer, typing) =>
          sync.update(question.questionId, { answer }, typing ? TYPING_DEBOUNCE_MS : 0)
        }
      />
    </article>
  );
}
