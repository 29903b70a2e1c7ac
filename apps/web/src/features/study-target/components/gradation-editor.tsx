import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GRADATION_MAX_LEVELS,
  GRADATION_MIN_LEVELS,
  gradationProblem,
  type GradationLevel,
} from '@kaopei/shared';

/**
 * 分级: 2–5 levels from the lowest up, each reached at a percent of the target. The first level's threshold
 * is fixed at 0 %; the whole list is checked with the shared rule (ascending, unique names).
 */
export function GradationEditor(): ReactNode {
  return (
    <Form.List
      name="levels"
      rules={[
        {
          validator: async (_rule, levels: GradationLevel[] | undefined) => {
            const problem = gradationProblem(
              (levels ?? []).map((l) => ({ name: l?.name ?? '', threshold: Number(l?.threshold ?? 0) })),
            );
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="kp-target-gradation" aria-describedby="kp-target-gradation-help">
          <legend>分级</legend>
          <Typography.Paragraph type="secondary" id="kp-target-gradation-help" style={{ marginBottom: 8 }}>
            达成率（完成值 ÷ 目标值）达到门槛即进入该等级，恰好等于门槛也算达到。第 1 级门槛固定为 0%。
          </Typography.Paragraph>
          {fields.map((field, index) => (
            <div key={field.key} className="kp-target-gradation__row" data-testid="gradation-row">
              <Form.Item
                name={[field.name, 'name']}
                rules={[{ required: true, whitespace: true, message: '请输入等级名称' }]}
              >
                <Input aria-label={`第 ${index + 1} 级名称`} maxLength={20} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'threshold']} rules={[{ required: true, message: '请输入门槛' }]}>
                <InputNumber
                  aria-label={`第 ${index + 1} 级门槛（%）`}
                  min={0}
                  max={1000}
                  step={10}
                  precision={1}
                  suffix="%"
                  disabled={index === 0}
                  style={{ width: 120 }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除第 ${index + 1} 级`}
                disabled={index === 0 || fields.length <= GRADATION_MIN_LEVELS}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= GRADATION_MAX_LEVELS}
            onClick={() => add({ name: '', threshold: null })}
          >
            添加等级
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
