import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';

/** A filter form's 查询 (submits the form) and 重置 (clears the form, then `onReset`). */
export function FilterButtons({ onReset, icon }: { onReset: () => void; icon?: ReactNode }): ReactNode {
  const form = Form.useFormInstance();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={icon}>
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          重置
        </Button>
      </Space>
    </Form.Item>
  );
}
