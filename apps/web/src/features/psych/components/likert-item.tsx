import type { ReactNode } from 'react';
import { Radio } from 'antd';

/** One Likert item: its stem and one choice per point (labels carry the meaning, not colour). */
export function LikertItem({
  no,
  stem,
  labels,
  value,
  onChange,
}: {
  no: number;
  stem: string;
  labels: string[];
  value: number | undefined;
  onChange: (value: number) => void;
}): ReactNode {
  const id = `psych-item-${no}`;
  return (
    <fieldset className="kp-psych-item" data-testid={id}>
      <legend id={id} className="kp-psych-stem">
        {no}. {stem}
      </legend>
      <Radio.Group
        aria-labelledby={id}
        className="kp-psych-options"
        optionType="button"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        options={labels.map((label, index) => ({ value: index + 1, label }))}
      />
    </fieldset>
  );
}
