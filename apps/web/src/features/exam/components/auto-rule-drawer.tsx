import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { autoExamName } from '@kaopei/shared';
import { toTreeData } from '../../../lib/department-tree';
import { fetchDepartmentTree, messageKeys } from '../../message/api';
import { AutoRulesFields, toAutoRules } from '../../../components/auto-rules-fields';
import { serverMessage } from '../../../lib/server-message';
import {
  addAutoRule,
  autoKeys,
  checkAutoGeneration,
  modifyAutoRule,
  type AutoRuleRow,
  type GenerationCheck,
} from '../auto-api';
import {
  RECURRENCE_OPTIONS,
  newRuleValues,
  ruleToValues,
  valuesToRuleInput,
  type AutoRuleFormValues,
} from '../auto-rules';
import { RELEASE_OPTIONS } from '../exam-rules';
import { AntiCheatingFields } from './anti-cheating-fields';

/** Creates or edits an automatic-exam rule: generation rules, the exam, departments and the schedule. */
export function AutoRuleDrawer({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  /** The rule being edited; null for a new one. */
  rule: AutoRuleRow | null;
  onClose: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AutoRuleFormValues>();
  const [check, setCheck] = useState<GenerationCheck | null>(null);
  const departments = useQuery({ queryKey: messageKeys.departments, queryFn: fetchDepartmentTree });
  const treeData = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);
  const examName = Form.useWatch('examName', form) as string | undefined;
  const recurrence = Form.useWatch('recurrence', form) as AutoRuleFormValues['recurrence'] | undefined;
  const firstStartAt = Form.useWatch('firstStartAt', form) as AutoRuleFormValues['firstStartAt'] | undefined;

  // The drawer's content is destroyed when hidden, so each opening starts from these values.
  const initialValues = useMemo(() => (rule ? ruleToValues(rule) : newRuleValues()), [rule]);
  useEffect(() => {
    if (open) setCheck(null);
  }, [open, rule]);

  const checking = useMutation({
    mutationFn: (values: AutoRuleFormValues) => checkAutoGeneration(toAutoRules(values)),
    onSuccess: setCheck,
    onError: () => setCheck(null),
  });
  const save = useMutation({
    mutationFn: (values: AutoRuleFormValues) => {
      const input = valuesToRuleInput(values);
      return rule ? modifyAutoRule(rule.ruleId, input) : addAutoRule(input);
    },
    onSuccess: (saved) => {
      message.success(rule ? `已保存规则「${saved.name}」` : `已创建规则「${saved.name}」`);
      void queryClient.invalidateQueries({ queryKey: autoKeys.all });
      onClose();
    },
  });

  const generationFields = [
    'bankIds',
    'typeRules',
    'difficultyMode',
    'target',
    'tolerance',
    'SIMPLE',
    'MEDIUM',
    'HARD',
    'knowledgeRules',
    'totalScore',
    'tagIds',
    'excludeUsedWithinDays',
    'variants',
    'maxOverlap',
  ];
  const onCheck = async () => {
    try {
      await form.validateFields(generationFields, { recursive: true });
    } catch {
      return;
    }
    checking.mutate(form.getFieldsValue(true) as AutoRuleFormValues);
  };

  const preview =
    examName?.trim() && firstStartAt && recurrence
      ? autoExamName(examName.trim(), firstStartAt.valueOf(), recurrence)
      : null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={rule ? `编辑自动考试规则「${rule.name}」` : '新建自动考试规则'}
      size="large"
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void onCheck()} loading={checking.isPending}>
            检查规则
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      }
    >
      <Form<AutoRuleFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) =>
          save.mutate({ ...(form.getFieldsValue(true) as AutoRuleFormValues), ...values })
        }
      >
        <Form.Item
          name="name"
          label="规则名称"
          rules={[
            { required: true, whitespace: true, message: '请输入规则名称' },
            { max: 200, message: '规则名称不能超过 200 个字符' },
          ]}
        >
          <Input aria-label="规则名称" maxLength={200} />
        </Form.Item>

        <Typography.Title level={5}>考试</Typography.Title>
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
              <InputNumber
                aria-label="开放时长"
                min={1}
                max={44640}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="passScore" label="及格分" rules={[{ required: true, message: '请输入及格分' }]}>
              <InputNumber aria-label="及格分" min={0} max={10000} precision={1} style={{ width: '100%' }} />
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
        <Row gutter={16} align="bottom">
          <Col xs={24} md={14}>
            <Form.Item
              name="departmentIds"
              label="参加部门"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择参加考试的部门' }]}
            >
              <TreeSelect
                treeData={treeData}
                treeCheckable
                showCheckedStrategy={TreeSelect.SHOW_PARENT}
                placeholder={departments.isError ? '部门加载失败' : '选择部门'}
                loading={departments.isFetching}
                allowClear
                treeDefaultExpandAll
                maxTagCount="responsive"
                aria-label="参加部门"
                data-testid="auto-departments"
              />
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

        <Typography.Title level={5}>防作弊</Typography.Title>
        <AntiCheatingFields />

        <Typography.Title level={5}>时间安排</Typography.Title>
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

        <Typography.Title level={5}>智能组卷规则</Typography.Title>
        <AutoRulesFields />
      </Form>

      {checking.isError ? (
        <Alert type="error" showIcon title="检查失败" description={serverMessage(checking.error)} />
      ) : null}
      {check ? (
        check.feasible ? (
          <Alert
            type="success"
            showIcon
            data-testid="auto-check-result"
            title="当前题库可以生成试卷"
            description={check.papers
              .map(
                (paper) =>
                  `${paper.totals.questionCount} 题，${paper.totals.totalScore} 分` +
                  (paper.totals.averageDifficulty !== null
                    ? `，平均难度 ${paper.totals.averageDifficulty}`
                    : ''),
              )
              .join('；')}
          />
        ) : (
          <Alert
            type="error"
            showIcon
            data-testid="auto-check-result"
            title="当前题库无法满足规则"
            description={check.message}
          />
        )
      ) : null}
      {save.isError ? (
        <Alert type="error" showIcon title="保存失败" description={serverMessage(save.error)} />
      ) : null}
    </Drawer>
  );
}
