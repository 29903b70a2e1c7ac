import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_GRADATION,
  TARGET_METRIC_LABELS,
  TARGET_METRIC_UNITS,
  TARGET_METRICS,
  addDays,
  shanghaiDate,
  type GradationLevel,
  type TargetMetric,
} from '@kaopei/shared';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { showErrorOnForm } from '../../../lib/form-errors';
import {
  createTarget,
  fetchPosts,
  fetchTarget,
  modifyTarget,
  targetKeys,
  type TargetDetail,
} from '../api';
import { GradationEditor } from './gradation-editor';

interface Values {
  name: string;
  startDate: string;
  endDate: string;
  metric: TargetMetric;
  targetValue: number;
  departmentIds: number[];
  postIds: number[];
  userIds: number[];
  levels: GradationLevel[];
}

function blankValues(): Values {
  const today = shanghaiDate(new Date());
  return {
    name: '',
    startDate: today,
    endDate: addDays(today, 90),
    metric: 'hours',
    targetValue: 10,
    departmentIds: [],
    postIds: [],
    userIds: [],
    levels: DEFAULT_GRADATION.map((level) => ({ ...level })),
  };
}

function valuesOf(detail: TargetDetail): Values {
  return {
    name: detail.name,
    startDate: detail.startDate,
    endDate: detail.endDate,
    metric: detail.metric,
    targetValue: detail.targetValue,
    departmentIds: detail.departments.map((d) => d.id),
    postIds: detail.posts.map((p) => p.id),
    userIds: detail.users.map((u) => u.id),
    levels: detail.levels,
  };
}

function ScopeFields({ open }: { open: boolean }): ReactNode {
  const { departments, treeData } = useDepartmentTree(open);
  const posts = useQuery({ queryKey: targetKeys.posts, queryFn: fetchPosts, enabled: open });
  return (
    <fieldset className="kp-target-scope">
      <legend>目标范围（部门、岗位、人员至少选一项）</legend>
      <Form.Item name="departmentIds" label="部门（含下级部门）">
        <TreeSelect
          treeData={treeData}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          treeCheckStrictly={false}
          treeDefaultExpandAll
          allowClear
          placeholder={departments.isError ? '部门加载失败' : '选择部门'}
          maxTagCount="responsive"
          aria-label="部门"
          data-testid="target-departments"
        />
      </Form.Item>
      <Form.Item name="postIds" label="岗位">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={posts.isError ? '岗位加载失败' : '选择岗位'}
          options={(posts.data ?? []).map((p) => ({ value: p.postId, label: p.postName }))}
          maxTagCount="responsive"
          aria-label="岗位"
        />
      </Form.Item>
      <Form.Item name="userIds" label="人员">
        <StaffMultiPicker aria-label="人员" />
      </Form.Item>
    </fieldset>
  );
}

/** 新建 / 编辑学习目标: period, metric and value per person, scope, and the gradation. */
export function TargetFormModal({
  open,
  targetId,
  onClose,
  onSaved,
}: {
  open: boolean;
  targetId: number | null;
  onClose: () => void;
  onSaved: (target: TargetDetail) => void;
}): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const detail = useQuery({
    queryKey: targetKeys.detail(targetId ?? 0),
    queryFn: () => fetchTarget(targetId as number),
    enabled: open && targetId !== null,
  });
  useEffect(() => {
    if (!open) return;
    if (targetId === null) form.setFieldsValue(blankValues());
    else if (detail.data) form.setFieldsValue(valuesOf(detail.data));
  }, [open, targetId, detail.data, form]);
  const metric = Form.useWatch('metric', form) ?? 'hours';
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        ...values,
        levels: values.levels.map((l) => ({ ...l, threshold: Number(l.threshold) })),
      };
      return targetId === null ? createTarget(input) : modifyTarget(targetId, input);
    },
    onSuccess: (target) => {
      message.success(targetId === null ? `已创建学习目标「${target.name}」` : '已保存');
      void queryClient.invalidateQueries({ queryKey: targetKeys.all });
      onSaved(target);
    },
    onError: (error) => showErrorOnForm(form, error),
  });
  return (
    <Modal
      open={open}
      title={targetId === null ? '新建学习目标' : '编辑学习目标'}
      okText="保存"
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="kp-target-form" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label="目标名称"
          rules={[{ required: true, whitespace: true, message: '请输入目标名称' }]}
        >
          <Input maxLength={50} placeholder="如：2026 年第四季度学时目标" />
        </Form.Item>
        <div className="kp-target-form__row">
          <Form.Item
            name="startDate"
            label="开始日期"
            rules={[{ required: true, message: '请选择开始日期' }]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item name="endDate" label="结束日期" rules={[{ required: true, message: '请选择结束日期' }]}>
            <Input type="date" />
          </Form.Item>
        </div>
        <div className="kp-target-form__row">
          <Form.Item name="metric" label="目标指标" rules={[{ required: true, message: '请选择目标指标' }]}>
            <Select
              aria-label="目标指标"
              options={TARGET_METRICS.map((m) => ({ value: m, label: TARGET_METRIC_LABELS[m] }))}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item
            name="targetValue"
            label={`每人目标值（${TARGET_METRIC_UNITS[metric]}）`}
            rules={[{ required: true, message: '请输入目标值' }]}
          >
            <InputNumber
              min={0.1}
              max={metric === 'pass_rate' ? 100 : 100_000}
              precision={metric === 'courses' ? 0 : 1}
              style={{ width: 180 }}
            />
          </Form.Item>
        </div>
        <ScopeFields open={open} />
        <GradationEditor />
      </Form>
    </Modal>
  );
}
