import type { ReactNode } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { AutoRuleRow } from '../auto-api';
import { RECURRENCE_OPTIONS, type AutoRuleFormValues } from '../auto-rules';
import { RELEASE_OPTIONS } from '../exam-rules';
import type { DepartmentTree } from '../../../components/use-department-tree';
import { DepartmentTreeSelect } from './department-tree-select';

/** The rule drawer's exam: its name (with the first exam's name as a preview), duration, window, pass mark, attempts. */
export function AutoRuleExamFields({ preview }: { preview: string | null }): ReactNode {
  return (
    <>
      <Form.Item
        name="examName"
        label="考试名称"
        extra={preview ? `首场考试名称：${preview}` : '每周、每月的考试名称后自动加上日期或月份'}
        rules={[
          { required: true, whitespace: true, message: '请输入考试名称' },
          { max: 180, message: '考试名称不能超过 180 个字符' },
        ]}
      >
        <Input aria-label="考试名称" maxLength={180} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item
            name="durationMinutes"
            label="考试时长（分钟）"
            rules={[{ required: true, message: '请输入考试时长' }]}
          >
            <InputNumber aria-label="考试时长" min={1} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="windowMinutes"
            label="开放时长（分钟）"
            dependencies={['durationMinutes']}
            rules={[
              { required: true, message: '请输入开放时长' },
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null) =>
                  value !== null &&
                  value !== undefined &&
                  value < (getFieldValue('durationMinutes') as number)
                    ? Promise.reject(new Error('开放时长不能短于考试时长'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <InputNumber aria-label="开放时长" min={1} max={44640} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="passScore" label="及格分" extra="不填则为每次生成的试卷总分的 60%">
            <InputNumber
              aria-label="及格分"
              min={0}
              max={10000}
              precision={1}
              placeholder="总分的 60%"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="attemptsAllowed"
            label="考试次数"
            rules={[{ required: true, message: '请输入考试次数' }]}
          >
            <InputNumber aria-label="考试次数" min={1} max={20} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The departments that take the rule's exams (with or without sub-departments), and the publish notice. */
export function AutoRuleAudienceFields({ departmentTree }: { departmentTree: DepartmentTree }): ReactNode {
  return (
    <Row gutter={16} align="bottom">
      <Col xs={24} md={14}>
        <Form.Item
          name="departmentIds"
          label="参加部门"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择参加考试的部门' }]}
        >
          <DepartmentTreeSelect tree={departmentTree} label="参加部门" testId="auto-departments" />
        </Form.Item>
      </Col>
      <Col xs={12} md={5}>
        <Form.Item name="includeSubDepartments" label="包含下级部门" valuePropName="checked">
          <Switch aria-label="包含下级部门" />
        </Form.Item>
      </Col>
      <Col xs={12} md={5}>
        <Form.Item name="notify" label="发布时通知考生" valuePropName="checked">
          <Switch aria-label="通知考生" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** When the generated exams release scores and answers. */
export function AutoRuleReleaseFields(): ReactNode {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="showScore" label="成绩公布">
          <Select aria-label="成绩公布" options={RELEASE_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="showAnswers" label="答案公布">
          <Select aria-label="答案公布" options={RELEASE_OPTIONS} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * The schedule: the first start (in the future, unless it is the edited rule's unchanged one), the
 * recurrence, how early each exam is generated, and whether the rule is on.
 */
export function AutoRuleScheduleFields({ rule }: { rule: AutoRuleRow | null }): ReactNode {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item
            name="firstStartAt"
            label="首次开考时间"
            rules={[
              { required: true, message: '请选择首次开考时间' },
              {
                validator: (_rule, value: AutoRuleFormValues['firstStartAt']) =>
                  value && (!rule || value.valueOf() !== rule.firstStartAt) && value.isBefore(dayjs())
                    ? Promise.reject(new Error('首次开考时间必须晚于现在'))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              aria-label="首次开考时间"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="recurrence" label="重复">
            <Radio.Group optionType="button" options={RECURRENCE_OPTIONS} aria-label="重复" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="leadMinutes"
            label="提前生成（分钟）"
            tooltip="开考前多久组卷、创建并发布考试（最多 1440 分钟）"
            rules={[{ required: true, message: '请输入提前时间' }]}
          >
            <InputNumber aria-label="提前生成" min={0} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch aria-label="启用规则" />
      </Form.Item>
    </>
  );
}
