import type { ReactNode } from 'react';
import { ColorPicker } from 'antd';
import { TAG_COLOR_PRESETS } from '../tag-rules';

/**
 * A colour input whose value is a hex string ('#rrggbb'), so it can sit in a Form.Item (and in
 * DataTable's inline editing), which hand it `value` and `onChange`.
 */
export function HexColorPicker({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (hex: string) => void;
  id?: string;
  'aria-label'?: string;
}): ReactNode {
  return (
    <span id={id} aria-label={ariaLabel} className="kp-hex-color">
      <ColorPicker
        value={value}
        format="hex"
        disabledAlpha
        showText
        presets={[{ label: '推荐颜色', colors: [...TAG_COLOR_PRESETS] }]}
        onChange={(color) => onChange?.(color.toHexString())}
      />
    </span>
  );
}
