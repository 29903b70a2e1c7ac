import type { ReactNode } from 'react';
import { Button, Checkbox, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { optionLetter, trueFalseText } from '@kaopei/shared';
import type { ChoiceOption, CodeAnswer, FillAnswer, ShortAnswer } from '../api';

/** Options with correct flags: radio for single choice, checkboxes for multiple choice. */
export function OptionsEditor({
  value = [],
  onChange,
  single,
}: {
  value?: ChoiceOption[];
  onChange?: (value: ChoiceOption[]) => void;
  single: boolean;
}): ReactNode {
  const update = (next: ChoiceOption[]) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((option, index) => (
        <Space key={index} style={{ width: '100%' }} align="center">
          <span style={{ width: 20 }}>{optionLetter(index)}</span>
          <Input
            value={option.content}
            aria-label={`选项${optionLetter(index)}`}
            style={{ width: 360 }}
            onChange={(event) =>
              update(value.map((o, i) => (i === index ? { ...o, content: event.target.value } : o)))
            }
          />
          {single ? (
            <Radio
              checked={option.correct}
              aria-label={`选项${optionLetter(index)}正确`}
              onChange={() => update(value.map((o, i) => ({ ...o, correct: i === index })))}
            >
              正确
            </Radio>
          ) : (
            <Checkbox
              checked={option.correct}
              aria-label={`选项${optionLetter(index)}正确`}
              onChange={(event) =>
                update(value.map((o, i) => (i === index ? { ...o, correct: event.target.checked } : o)))
              }
            >
              正确
            </Checkbox>
          )}
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`删除选项${optionLetter(index)}`}
            disabled={value.length <= 2}
            onClick={() => update(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={value.length >= 26}
        onClick={() => update([...value, { content: '', correct: false }])}
      >
        添加选项
      </Button>
    </Space>
  );
}

/** True/false answer as a switch. */
export function TrueFalseEditor({
  value = true,
  onChange,
}: {
  value?: boolean;
  onChange?: (value: boolean) => void;
}): ReactNode {
  return (
    <Switch
      checked={value}
      checkedChildren={trueFalseText(true)}
      unCheckedChildren={trueFalseText(false)}
      aria-label="判断题答案"
      onChange={(checked) => onChange?.(checked)}
    />
  );
}

/** Blanks, each with its accepted alternatives (one per line), and the case flag. */
export function FillEditor({
  value = { blanks: [{ answers: [] }], caseSensitive: false },
  onChange,
}: {
  value?: FillAnswer;
  onChange?: (value: FillAnswer) => void;
}): ReactNode {
  const update = (next: Partial<FillAnswer>) => onChange?.({ ...value, ...next });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.blanks.map((blank, index) => (
        <Space key={index} align="start">
          <span>第 {index + 1} 空</span>
          <Input
            value={blank.answers.join('/')}
            placeholder="可接受的答案，多个用 / 分隔"
            aria-label={`第${index + 1}空答案`}
            style={{ width: 360 }}
            onChange={(event) =>
              update({
                blanks: value.blanks.map((b, i) =>
                  i === index ? { answers: event.target.value.split('/').map((s) => s.trim()) } : b,
                ),
              })
            }
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`删除第${index + 1}空`}
            disabled={value.blanks.length <= 1}
            onClick={() => update({ blanks: value.blanks.filter((_, i) => i !== index) })}
          />
        </Space>
      ))}
      <Space>
        <Button
          icon={<PlusOutlined />}
          onClick={() => update({ blanks: [...value.blanks, { answers: [] }] })}
        >
          添加空
        </Button>
        <Checkbox
          checked={value.caseSensitive}
          onChange={(event) => update({ caseSensitive: event.target.checked })}
        >
          区分大小写
        </Checkbox>
      </Space>
    </Space>
  );
}

/** Reference answer and scoring points. */
export function ShortEditor({
  value = { reference: '', scoringPoints: [] },
  onChange,
}: {
  value?: ShortAnswer;
  onChange?: (value: ShortAnswer) => void;
}): ReactNode {
  const update = (next: Partial<ShortAnswer>) => onChange?.({ ...value, ...next });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        value={value.reference}
        rows={3}
        placeholder="参考答案"
        aria-label="参考答案"
        onChange={(event) => update({ reference: event.target.value })}
      />
      {value.scoringPoints.map((point, index) => (
        <Space key={index}>
          <Input
            value={point.content}
            placeholder="得分点"
            aria-label={`得分点${index + 1}`}
            style={{ width: 300 }}
            onChange={(event) =>
              update({
                scoringPoints: value.scoringPoints.map((p, i) =>
                  i === index ? { ...p, content: event.target.value } : p,
                ),
              })
            }
          />
          <InputNumber
            value={point.points}
            min={0}
            addonAfter="分"
            aria-label={`得分点${index + 1}分值`}
            onChange={(points) =>
              update({
                scoringPoints: value.scoringPoints.map((p, i) =>
                  i === index ? { ...p, points: points ?? 0 } : p,
                ),
              })
            }
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`删除得分点${index + 1}`}
            onClick={() => update({ scoringPoints: value.scoringPoints.filter((_, i) => i !== index) })}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => update({ scoringPoints: [...value.scoringPoints, { content: '', points: 0 }] })}
      >
        添加得分点
      </Button>
    </Space>
  );
}

/** Test cases of a code question. */
export function TestCasesEditor({
  value = [],
  onChange,
}: {
  value?: CodeAnswer['testCases'];
  onChange?: (value: CodeAnswer['testCases']) => void;
}): ReactNode {
  const update = (next: CodeAnswer['testCases']) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((testCase, index) => (
        <Space key={index} align="start">
          <Input.TextArea
            value={testCase.input}
            rows={2}
            placeholder="输入"
            aria-label={`用例${index + 1}输入`}
            style={{ width: 220 }}
            onChange={(event) =>
              update(value.map((c, i) => (i === index ? { ...c, input: event.target.value } : c)))
            }
          />
          <Input.TextArea
            value={testCase.output}
            rows={2}
            placeholder="输出"
            aria-label={`用例${index + 1}输出`}
            style={{ width: 220 }}
            onChange={(event) =>
              update(value.map((c, i) => (i === index ? { ...c, output: event.target.value } : c)))
            }
          />
          <Checkbox
            checked={testCase.sample}
            onChange={(event) =>
              update(value.map((c, i) => (i === index ? { ...c, sample: event.target.checked } : c)))
            }
          >
            样例
          </Checkbox>
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`删除用例${index + 1}`}
            onClick={() => update(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => update([...value, { input: '', output: '', sample: false }])}
      >
        添加测试用例
      </Button>
    </Space>
  );
}
