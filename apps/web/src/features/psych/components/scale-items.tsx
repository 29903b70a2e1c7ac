import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Select, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIKERT_ITEM_KIND } from '@kaopei/shared';
import type { ScaleFormValues } from '../psych-rules';

/** Adds one item per pasted line to a dimension. */
function BulkAdd({
  form,
  options,
}: {
  form: FormInstance<ScaleFormValues>;
  options: { value: string; label: string }[];
}): ReactNode {
  const [text, setText] = useState('');
  const [dimension, setDimension] = useState<string | undefined>();
  const add = () => {
    const stems = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const target = dimension ?? options[0]?.value;
    if (!target || stems.length === 0) return;
    const items = form.getFieldValue('items') as ScaleFormValues['items'] | undefined;
    form.setFieldValue('items', [
      ...(items ?? []),
      ...stems.map((stem) => ({ stem, dimension: target, reverse: false })),
    ]);
    setText('');
  };
  return (
    <Space align="start" wrap style={{ marginTop: 12 }}>
      <Input.TextArea
        aria-label="批量添加题目（每行一题）"
        placeholder="批量添加：每行一道题"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        style={{ width: 360 }}
      />
      <Select
        aria-label="批量添加到维度"
        placeholder="维度"
        value={dimension}
        onChange={setDimension}
        options={options}
        style={{ width: 140 }}
      />
      <Button onClick={add}>批量添加</Button>
    </Space>
  );
}

/** The Likert items (量表题): stem, dimension and whether it is reverse-keyed, numbered in order. */
export function ScaleItems({ form }: { form: FormInstance<ScaleFormValues> }): ReactNode {
  const dimensions = Form.useWatch('dimensions', form) ?? [];
  const options = dimensions
    .filter((d) => d?.key)
    .map((d) => ({ value: d.key, label: d.name ? `${d.name}（${d.key}）` : d.key }));
  return (
    <div className="kp-psych-items">
      <p className="kp-muted">
        {LIKERT_ITEM_KIND.label}：每题按上方选项作答，无对错；反向计分的题按（选项数 + 1 − 所选分值）计分。
      </p>
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} className="kp-psych-item-row">
                <span aria-hidden>{index + 1}.</span>
                <Form.Item
                  name={[field.name, 'stem']}
                  rules={[{ required: true, message: `请输入第 ${index + 1} 题的内容` }]}
                >
                  <Input aria-label={`第 ${index + 1} 题内容`} maxLength={500} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'dimension']}
                  rules={[{ required: true, message: `请选择第 ${index + 1} 题的维度` }]}
                >
                  <Select aria-label={`第 ${index + 1} 题维度`} options={options} />
                </Form.Item>
                <Form.Item name={[field.name, 'reverse']} valuePropName="checked">
                  <Checkbox aria-label={`第 ${index + 1} 题反向计分`}>反向</Checkbox>
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`删除第 ${index + 1} 题`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ stem: '', dimension: options[0]?.value, reverse: false })}
            >
              添加题目
            </Button>
          </>
        )}
      </Form.List>
      <BulkAdd form={form} options={options} />
    </div>
  );
}
