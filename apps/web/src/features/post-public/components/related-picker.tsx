import { useState, type ReactNode } from 'react';
import { Alert, Checkbox } from 'antd';
import { MAX_RELATED_POSITIONS, POST_TEMPLATES } from '@kaopei/shared';
import { toast } from '../../../lib/feedback';

/** Up to 10 related positions (spec §9); the 11th is refused with a message. */
export function RelatedPicker({
  excludeKey,
  related,
  onToggle,
}: {
  excludeKey: string | null;
  related: string[];
  onToggle: (key: string) => string | null;
}): ReactNode {
  const [refusal, setRefusal] = useState<string | null>(null);
  const toggle = (key: string) => {
    const problem = onToggle(key);
    setRefusal(problem);
    if (problem) toast.warning(problem);
  };
  return (
    <fieldset className="kp-build__related">
      <legend>
        选择相关岗位（最多 {MAX_RELATED_POSITIONS} 个，已选 {related.length} 个）
      </legend>
      <div className="kp-build__related-grid">
        {POST_TEMPLATES.filter((t) => t.key !== excludeKey).map((t) => (
          <Checkbox key={t.key} checked={related.includes(t.key)} onChange={() => toggle(t.key)}>
            {t.name}
            <span className="kp-build__muted">（{t.family}）</span>
          </Checkbox>
        ))}
      </div>
      {refusal ? (
        <Alert className="kp-build__alert" type="warning" showIcon message={refusal} role="alert" />
      ) : null}
    </fieldset>
  );
}
