import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Typography, type FormInstance } from 'antd';
import { autoExamName } from '@kaopei/shared';
import { AutoRulesFields } from '../../../components/auto-rules-fields';
import { serverMessage } from '../../../lib/server-message';
import type { AutoRuleRow, GenerationCheck } from '../auto-api';
import { newRuleValues, ruleToValues, type AutoRuleFormValues } from '../auto-rules';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { AntiCheatingFields } from './anti-cheating-fields';
import {
  AutoRuleAudienceFields,
  AutoRuleExamFields,
  AutoRuleReleaseFields,
  AutoRuleScheduleFields,
} from './auto-rule-fields';
import { useAutoRuleActions } from './use-auto-rule-actions';

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
  const [form] = Form.useForm<AutoRuleFormValues>();
  const departmentTree = useDepartmentTree();
  const preview = useFirstExamName(form);
  // The drawer's content is destroyed when hidden, so each opening starts from these values.
  const initialValues = useMemo(() => (rule ? ruleToValues(rule) : newRuleValues()), [rule]);
  const { check, checking, save, onCheck } = useAutoRuleActions({ form, open, rule, onClose });

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
        <AutoRuleExamFields preview={preview} />
        <AutoRuleAudienceFields departmentTree={departmentTree} />
        <AutoRuleReleaseFields />

        <Typography.Title level={5}>防作弊</Typography.Title>
        <AntiCheatingFields />

        <Typography.Title level={5}>时间安排</Typography.Title>
        <AutoRuleScheduleFields rule={rule} />

        <Typography.Title level={5}>智能组卷规则</Typography.Title>
        <AutoRulesFields />
      </Form>

      {checking.isError ? (
        <Alert type="error" showIcon title="检查失败" description={serverMessage(checking.error)} />
      ) : null}
      {check ? <GenerationCheckResult check={check} /> : null}
      {save.isError ? (
        <Alert type="error" showIcon title="保存失败" description={serverMessage(save.error)} />
      ) : null}
    </Drawer>
  );
}

/** The first generated exam's name, once the exam name, the first start and the recurrence are set. */
function useFirstExamName(form: FormInstance<AutoRuleFormValues>): string | null {
  const examName = Form.useWatch('examName', form) as string | undefined;
  const recurrence = Form.useWatch('recurrence', form) as AutoRuleFormValues['recurrence'] | undefined;
  const firstStartAt = Form.useWatch('firstStartAt', form) as AutoRuleFormValues['firstStartAt'] | undefined;
  return examName?.trim() && firstStartAt && recurrence
    ? autoExamName(examName.trim(), firstStartAt.valueOf(), recurrence)
    : null;
}

/** The generation check's answer: the papers the banks can make, or why they cannot. */
function GenerationCheckResult({ check }: { check: GenerationCheck }): ReactNode {
  return check.feasible ? (
    <Alert
      type="success"
      showIcon
      data-testid="auto-check-result"
      title="当前题库可以生成试卷"
      description={check.papers
        .map(
          (paper) =>
            `${paper.totals.questionCount} 题，${paper.totals.totalScore} 分` +
            (paper.totals.averageDifficulty !== null ? `，平均难度 ${paper.totals.averageDifficulty}` : ''),
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
  );
}
