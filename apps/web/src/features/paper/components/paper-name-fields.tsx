import type { ReactNode } from 'react';
import { Form, Input, Select, type SelectProps } from 'antd';

/**
 * 试卷名称 and 所属试卷库 of a generated paper (random and intelligent). `maxLength` leaves room for what
 * the generator appends (the intelligent one adds " A"/" B"… to variants).
 */
export function PaperNameFields({
  bankOptions,
  maxLength = 200,
}: {
  bankOptions: SelectProps['options'];
  maxLength?: number;
}): ReactNode {
  return (
    <>
      <Form.Item
        name="name"
        label="试卷名称"
        rules={[
          { required: true, whitespace: true, message: '请输入试卷名称' },
          { max: maxLength, message: `试卷名称不能超过 ${maxLength} 个字符` },
        ]}
      >
        <Input aria-label="试卷名称" maxLength={maxLength} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="paperBankId" label="所属试卷库">
        <Select
          allowClear
          aria-label="所属试卷库"
          placeholder="可选"
          style={{ width: 200 }}
          options={bankOptions}
        />
      </Form.Item>
    </>
  );
}
