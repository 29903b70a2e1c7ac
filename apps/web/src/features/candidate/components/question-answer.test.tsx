import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CandidateQuestion } from '../api';
import { QuestionAnswer } from './question-answer';

function question(type: number, extra: Partial<CandidateQuestion> = {}): CandidateQuestion {
  return {
    questionId: 1,
    number: 1,
    type,
    typeLabel: '',
    stem: '<p>题干</p>',
    options: null,
    blankCount: null,
    code: null,
    points: 10,
    answer: null,
    answerSeq: 0,
    flagged: false,
    ...extra,
  };
}

// Shuffled for this candidate: keys are the options' original indexes.
const OPTIONS = [
  { key: 2, content: '丙' },
  { key: 0, content: '甲' },
  { key: 1, content: '乙' },
];

describe('QuestionAnswer sends the answer shape of each type', () => {
  it('判断: true / false', () => {
    const onChange = vi.fn();
    render(<QuestionAnswer question={question(0)} answer={null} onChange={onChange} />);
    fireEvent.click(screen.getByText('错误'));
    expect(onChange).toHaveBeenLastCalledWith(false, false);
    fireEvent.click(screen.getByText('正确'));
    expect(onChange).toHaveBeenLastCalledWith(true, false);
  });

  it('单选: the option key, lettered in the candidate’s order', () => {
    const onChange = vi.fn();
    render(<QuestionAnswer question={question(1, { options: OPTIONS })} answer={null} onChange={onChange} />);
    // The letter, and a separator heard by screen readers only: the radio is named 'B、甲'.
    expect(screen.getByText('甲').previousSibling?.textContent).toBe('B、');
    expect(screen.getByRole('radio', { name: 'B、甲' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('甲'));
    expect(onChange).toHaveBeenLastCalledWith(0, false);
  });

  it('多选: the chosen keys, sorted', () => {
    const onChange = vi.fn();
    render(<QuestionAnswer question={question(2, { options: OPTIONS })} answer={[2]} onChange={onChange} />);
    fireEvent.click(screen.getByText('甲'));
    expect(onChange).toHaveBeenLastCalledWith([0, 2], false);
  });

  it('填空: one string per blank, typed (debounced)', () => {
    const onChange = vi.fn();
    render(
      <QuestionAnswer question={question(3, { blankCount: 2 })} answer={['中国', '']} onChange={onChange} />,
    );
    expect(screen.getByLabelText('第 1 空')).toHaveValue('中国');
    fireEvent.change(screen.getByLabelText('第 2 空'), { target: { value: '北京' } });
    expect(onChange).toHaveBeenLastCalledWith(['中国', '北京'], true);
  });

  it('简答: the text, typed (debounced)', () => {
    const onChange = vi.fn();
    render(<QuestionAnswer question={question(4)} answer={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('答案'), { target: { value: '安全第一' } });
    expect(onChange).toHaveBeenLastCalledWith('安全第一', true);
  });

  it('shows the saved answer and changes nothing when disabled', () => {
    const onChange = vi.fn();
    render(<QuestionAnswer question={question(0)} answer={true} onChange={onChange} disabled />);
    expect(screen.getByRole('radio', { name: '正确' })).toBeChecked();
    fireEvent.click(screen.getByText('错误'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
