import type { ReactNode } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

const METHOD_OPTIONS = [
  { value: 'sum', label: '求和' },
  { value: 'mean', label: '平均' },
];

function Levels({ dimension }: { dimension: number }): ReactNode {
  return (
    <Form.List name={[dimension, 'levels']}>
      {(fields, { add, remove }) => (
        <div>
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap>
              <Form.Item
                name={[field.name, 'min']}
                label="下限"
                rules={[{ required: true, message: '请输入下限' }]}
              >
                <InputNumber style={{ width: 80 }} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'max']}
                label="上限"
                rules={[{ required: true, message: '请输入上限' }]}
              >
                <InputNumber style={{ width: 80 }} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'label']}
                label="等级"
                rules={[{ required: true, message: '请输入等级名称' }]}
              >
                <Input style={{ width: 90 }} maxLength={20} />
              </Form.Item>
              <Form.Item name={[field.name, 'interpretation']} label="解释">
                <Input.TextArea autoSize style={{ width: 320 }} maxLength={2000} />
              </Form.Item>
              <Button icon={<DeleteOutlined />} aria-label="删除等级" onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => add({ label: '', interpretation: '' })}>
            添加等级
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The scale's dimensions: code, name, sum or mean, norms, and level bands with interpretations. */
export function ScaleDimensions(): ReactNode {
  return (
    <Form.List name="dimensions">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="kp-psych-dimension"
              title={`维度 ${index + 1}`}
              extra={
                <Button
                  size="small"
                  danger
                  onClick={() => remove(field.name)}
                  aria-label={`删除维度 ${index + 1}`}
                >
                  删除
                </Button>
              }
            >
              <Space wrap align="start">
                <Form.Item
                  name={[field.name, 'key']}
                  label="代码"
                  rules={[{ required: true, message: '请输入维度代码' }]}
                >
                  <Input style={{ width: 80 }} maxLength={20} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label="名称"
                  rules={[{ required: true, message: '请输入维度名称' }]}
                >
                  <Input style={{ width: 140 }} maxLength={50} />
                </Form.Item>
                <Form.Item name={[field.name, 'method']} label="计分方式">
                  <Select options={METHOD_OPTIONS} style={{ width: 90 }} aria-label="计分方式" />
                </Form.Item>
                <Form.Item name={[field.name, 'normMean']} label="常模平均数">
                  <InputNumber style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'normSd']} label="常模标准差">
                  <InputNumber style={{ width: 90 }} min={0} />
                </Form.Item>
              </Space>
              <Form.Item name={[field.name, 'description']} label="维度说明">
                <Input maxLength={1000} />
              </Form.Item>
              <Levels dimension={field.name} />
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ key: `D${fields.length + 1}`, name: '', method: 'sum', levels: [] })}
          >
            添加维度
          </Button>
        </>
      )}
    </Form.List>
  );
}
