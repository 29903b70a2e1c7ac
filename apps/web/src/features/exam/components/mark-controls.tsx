import { useState, type ReactNode } from 'react';
import { Button, Input, InputNumber, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import { markAnswer } from '../api';

/** Why a score cannot be given, or null: it must be a number from 0 to the question's points. */
export function scoreProblem(score: number | null | undefined, points: number): string | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return '请输入得分';
  if (score < 0) return '得分不能为负';
  if (score > points) return `得分不能超过本题分值 ${formatScore(points)}`;
  return null;
}

/** Score (0 to the question's points, one decimal) and comment for one answer, saved with check/mark. */
export function MarkControls({
  attemptId,
  questionId,
  points,
  score,
  comment,
  label,
  onSaved,
}: {
  attemptId: number;
  questionId: number;
  points: number;
  score: number | null;
  comment: string | null;
  /** Names the answer for assistive technology, e.g. the candidate. */
  label: string;
  onSaved: (result: { pendingMarks: number; status: number }) => void;
}): ReactNode {
  const [value, setValue] = useState<number | null>(score);
  const [text, setText] = useState(comment ?? '');
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      markAnswer({ attemptId, questionId, score: value as number, comment: text.trim() || null }),
    onSuccess: (result) => {
      setTouched(false);
      onSaved(result);
    },
  });
  const problem = scoreProblem(value, points);
  return (
    <div className="kp-exam-mark">
      <div>
        <InputNumber
          min={0}
          max={points}
          step={0.5}
          precision={1}
          value={value}
          onChange={(next) => {
            setValue(next);
            setTouched(true);
          }}
          addonAfter={`/ ${formatScore(points)} 分`}
          status={touched && problem ? 'error' : undefined}
          aria-label={`${label} 得分`}
          style={{ width: 170 }}
        />
        {touched && problem ? (
          <div>
            <Typography.Text type="danger">{problem}</Typography.Text>
          </div>
        ) : null}
      </div>
      <Input.TextArea
        className="kp-exam-mark__comment"
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={2000}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setTouched(true);
        }}
        placeholder="评语（选填）"
        aria-label={`${label} 评语`}
      />
      <Button
        type={score === null ? 'primary' : 'default'}
        disabled={problem !== null}
        loading={save.isPending}
        onClick={() => {
          setTouched(true);
          if (problem === null) save.mutate();
        }}
      >
        {score === null ? '提交评分' : '修改评分'}
      </Button>
    </div>
  );
}
