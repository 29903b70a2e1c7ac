import { useState, type ReactNode } from 'react';
import { Button, Card, Col, DatePicker, Form, InputNumber, Row } from 'antd';
import { defaultPassScore, formatExamTime, passScoreProblem } from '@kaopei/shared';
import type { ExamRow } from '../api';
import { startNowWindow, timeProblem, type ExamFormValues } from '../exam-rules';
import { PaperSelect, type PaperChoice } from './paper-select';

/** The exam editor's "试卷与时间": the papers, the exam window and the limits row. */
export function PaperTimeCard({ knownPapers }: { knownPapers: ExamRow['papers'] }): ReactNode {
  const form = Form.useFormInstance<ExamFormValues>();
  const [papers, setPapers] = useState<readonly PaperChoice[]>(knownPapers);
  const onPapersChange = (chosen: PaperChoice[]) => {
    setPapers(chosen);
    // The pass mark follows the papers until the administrator types one.
    if (!form.isFieldTouched('passScore') && chosen.length > 0)
      form.setFieldValue('passScore', defaultPassScore(chosen));
    if (form.getFieldValue('passScore') !== null) void form.validateFields(['passScore']);
  };
  return (
    <Card size="small" title="试卷与时间">
      <Form.Item
        name="paperIds"
        label="试卷"
        extra="可选择多套试卷（A/B 卷），考生依次轮流获得其中一套"
        rules={[
          { required: true, type: 'array', min: 1, message: '请选择试卷' },
          { type: 'array', max: 10, message: '一场考试最多 10 套试卷' },
        ]}
      >
        <PaperSelect multiple known={knownPapers} aria-label="试卷" onPapersChange={onPapersChange} />
      </Form.Item>
      <Form.Item
        name="window"
        label="考试时间"
        rules={[
          { required: true, message: '请选择考试时间' },
          {
            validator: (_rule, window: ExamFormValues['window']) => {
              const problem = timeProblem({
                window,
                durationMinutes: form.getFieldValue('durationMinutes') as number,
                lateEntryMinutes: null,
              });
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={['开始时间', '结束时间']}
          aria-label="考试时间"
        />
      </Form.Item>
      <Button
        className="kp-exam-editor__start-now"
        onClick={() => {
          const window = startNowWindow(form.getFieldValue('window') as ExamFormValues['window']);
          form.setFields([{ name: 'window', value: window, touched: true }]);
          void form.validateFields(['window']);
        }}
      >
        立即开始
      </Button>
      <ExamLimitsRow papers={papers} />
    </Card>
  );
}

/** Duration (with its spelled-out length), attempts, pass mark and the late-entry limit. */
function ExamLimitsRow({ papers }: { papers: readonly PaperChoice[] }): ReactNode {
  const form = Form.useFormInstance<ExamFormValues>();
  const duration = Form.useWatch('durationMinutes', form);
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12} md={6}>
        <Form.Item
          name="durationMinutes"
          label="考试时长（分钟）"
          extra={duration ? formatExamTime(duration) : undefined}
          rules={[
            { required: true, message: '请输入考试时长' },
            { type: 'integer', min: 1, max: 1440, message: '考试时长为 1 到 1440 分钟' },
          ]}
        >
          <InputNumber min={1} max={1440} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Form.Item
          name="attemptsAllowed"
          label="考试次数"
          rules={[
            { required: true, message: '请输入考试次数' },
            { type: 'integer', min: 1, max: 20, message: '考试次数为 1 到 20 次' },
          ]}
        >
          <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Form.Item
          name="passScore"
          label="及格分"
          extra={papers.length > 0 ? '默认为试卷总分的 60%' : '选择试卷后按总分的 60% 填入'}
          rules={[
            { required: true, message: '请输入及格分' },
            { type: 'number', min: 0, max: 10000, message: '及格分为 0 到 10000' },
            {
              validator: async (_rule, passScore: number | null) => {
                const problem = passScore === null ? null : passScoreProblem(passScore, papers);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <InputNumber min={0} max={10000} precision={1} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Form.Item
          name="lateEntryMinutes"
          label="迟到限制（分钟）"
          extra="开考多少分钟后不能再进入；不填则考试时间内随时可进入"
          dependencies={['window']}
          rules={[
            { type: 'integer', min: 0, max: 1440, message: '迟到限制为 0 到 1440 分钟' },
            {
              validator: (_rule, late: number | null | undefined) => {
                const problem = timeProblem({
                  window: form.getFieldValue('window') as ExamFormValues['window'],
                  durationMinutes: 1,
                  lateEntryMinutes: late ?? null,
                });
                return problem === '迟到限制不能超过考试时间段'
                  ? Promise.reject(new Error(problem))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </Col>
    </Row>
  );
}
