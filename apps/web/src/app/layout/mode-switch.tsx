import type { ReactNode } from 'react';
import { Radio } from 'antd';
import { MODES, type Mode } from '@kaopei/shared';

/** The three-way function mode radio of the top bar (人才测评 / 任务学习 / 招聘管理). */
export function ModeSwitch({ value, onChange }: { value: Mode; onChange: (mode: Mode) => void }): ReactNode {
  return (
    <Radio.Group
      className="kp-mode-switch"
      optionType="button"
      buttonStyle="solid"
      size="middle"
      value={value}
      onChange={(event) => onChange(event.target.value as Mode)}
      options={MODES.map((mode) => ({ label: mode.label, value: mode.key }))}
      aria-label="功能模式"
    />
  );
}
