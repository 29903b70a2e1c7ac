import type { ReactNode } from 'react';
import { Slider } from 'antd';

/**
 * A question-difficulty range (1–10) as a form control: the question list's filter, the paper picker's
 * filter and a random paper's rule. Its two handles are named (antd does not pass `aria-label` from the
 * Slider to them).
 */
export function DifficultyRangeSlider({
  width,
  ...control
}: {
  width: number;
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
}): ReactNode {
  return (
    <Slider
      range
      min={1}
      max={10}
      style={{ width }}
      ariaLabelForHandle={['最低难度', '最高难度']}
      {...control}
    />
  );
}
