import type { ReactNode } from 'react';
import { Alert, Checkbox, Radio, Space } from 'antd';
import { optionLetter, QuestionType, questionTypeLabel } from '@kaopei/shared';
import type { AnswerFeedback, LearnerQuestion } from '@kaopei/shared/contracts/practice';
import { optionState, type Response } from '../practice-rules';

const STATE_CLASS = { right: 'kp-practice-option--right', wrong: 'kp-practice-option--wrong', plain: '' };

function ChoiceInput({
  question,
  response,
  onChange,
  feedback,
}: {
  question: LearnerQuestion;
  response: Response;
  onChange: (value: Response) => void;
  feedback: AnswerFeedback | null;
}): ReactNode {
  const options = question.options ?? [];
  const label = (index: number, content: string) => {
    const state = optionState(index, response, feedback?.correctOptions ?? null);
    return (
      <span className={`kp-practice-option ${STATE_CLASS[state]}`}>
        {optionLetter(index)}. {content}
        {state === 'right' ? '（正确答案）' : state === 'wrong' ? '（你的选择）' : ''}
      </span>
    );
  };
  if (question.type === QuestionType.MULTIPLE)
    return (
      <Checkbox.Group
        aria-label="选项（多选）"
        disabled={feedback !== null}
        value={Array.isArray(response) ? response : []}
        onChange={(values) => onChange(values as number[])}
      >
        <Space direction="vertical">
          {options.map((option, index) => (
            <Checkbox key={index} value={index}>
              {label(index, option.content)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  return (
    <Radio.Group
      aria-label="选项"
      disabled={feedback !== null}
      value={typeof response === 'number' ? response : undefined}
      onChange={(event) => onChange(event.target.value as number)}
    >
      <Space direction="vertical">
        {options.map((option, index) => (
          <Radio key={index} value={index}>
            {label(index, option.content)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** One question to answer, and the feedback once answered (right/wrong, the key, the analysis). */
export function QuestionCard({
  question,
  response,
  onChange,
  feedback,
  heading,
}: {
  question: LearnerQuestion;
  response: Response;
  onChange: (value: Response) => void;
  feedback: AnswerFeedback | null;
  heading: string;
}): ReactNode {
  return (
    <section className="kp-m-card kp-practice-question" aria-label={heading}>
      <div className="kp-practice-question__head">
        {heading} · {questionTypeLabel(question.type)}
      </div>
      <div className="kp-practice-question__stem" dangerouslySetInnerHTML={{ __html: question.stem }} />
      {question.type === QuestionType.TRUE_FALSE ? (
        <Radio.Group
          aria-label="判断"
          disabled={feedback !== null}
          value={typeof response === 'boolean' ? response : undefined}
          onChange={(event) => onChange(event.target.value as boolean)}
        >
          <Radio value={true}>正确</Radio>
          <Radio value={false}>错误</Radio>
        </Radio.Group>
      ) : (
        <ChoiceInput question={question} response={response} onChange={onChange} feedback={feedback} />
      )}
      {feedback ? (
        <div className="kp-practice-feedback" role="status" data-testid="feedback">
          <Alert
            type={feedback.correct ? 'success' : 'error'}
            showIcon
            message={feedback.correct ? '回答正确' : '回答错误，已加入错题本'}
            description={`正确答案：${feedback.keyText}`}
          />
          {feedback.analysis ? (
            <div className="kp-practice-analysis">
              <strong>解析：</strong>
              <div className="kp-practice-analysis__text">{feedback.analysis}</div>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
