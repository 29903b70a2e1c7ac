import type { ReactNode } from 'react';
import {
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PSY_LAYOUT_LABELS, type PsyLayout } from '@kaopei/shared/contracts/psych';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { addMentalExam, fetchScaleOptions, modifyMentalExam, psychKeys, type MentalExamRow } from '../api';

interface Values {
  scaleId?: number;
  name: string;
  description?: string;
  startAt: Dayjs;
  endAt: Dayjs;
  departmentIds?: number[];
  userIds?: number[];
  anonymous: boolean;
  showResult: boolean;
  minGroupSize: number;
  layout: PsyLayout;
}

function initialOf(exam: MentalExamRow | null): Partial<Values> {
  if (!exam) {
    return {
      startAt: dayjs(),
      endAt: dayjs().add(7, 'day'),
      anonymous: false,
      showResult: true,
      minGroupSize: 3,
      layout: 'single',
    };
  }
  return {
    ...exam,
    scaleId: exam.scaleId ?? undefined,
    description: exam.description ?? undefined,
    startAt: dayjs(exam.startAt),
    endAt: dayjs(exam.endAt),
  };
}

function useSave(exam: MentalExamRow | null, onDone: () => void) {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: Values) => {
      const common = {
        name: v.name,
        description: v.description ?? null,
        startAt: v.startAt.valueOf(),
        endAt: v.endAt.valueOf(),
        showResult: v.showResult,
        minGroupSize: v.minGroupSize,
        layout: v.layout,
      };
      if (exam) return modifyMentalExam({ mentalExamId: exam.mentalExamId, ...common });
      return addMentalExam({
        ...common,
        scaleId: v.scaleId ?? 0,
        anonymous: v.anonymous,
        departmentIds: v.departmentIds ?? [],
        includeSubDepartments: true,
        userIds: v.userIds ?? [],
      });
    },
    onSuccess: async (row) => {
      await client.invalidateQueries({ queryKey: psychKeys.all });
      message.success(exam ? `已保存「${row.name}」` : `已安排「${row.name}」，${row.memberCount} 人参加`);
      onDone();
    },
  });
}

/** 安排心理测评 / 编辑: scale, window, audience, anonymity and result display. */
export function MentalFormDrawer({
  open,
  exam,
  onClose,
}: {
  open: boolean;
  exam: MentalExamRow | null;
  onClose: () => void;
}): ReactNode {
  const [form] = Form.useForm<Values>();
  const scales = useQuery({ queryKey: psychKeys.scaleOptions, queryFn: fetchScaleOptions, enabled: open });
  const { treeData } = useDepartmentTree(open);
  const save = useSave(exam, onClose);
  const editing = exam !== null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={editing ? `编辑「${exam.name}」` : '安排心理测评'}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {editing ? '保存' : '安排'}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="kp-mental"
        initialValues={initialOf(exam)}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="scaleId"
          label="量表"
          rules={editing ? [] : [{ required: true, message: '请选择量表' }]}
        >
          <Select
            disabled={editing}
            loading={scales.isFetching}
            placeholder={editing ? exam.scaleName : '选择量表'}
            options={(scales.data ?? []).map((s) => ({
              value: s.scaleId,
              label: `${s.name}（${s.itemCount} 题）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="测评名称"
          rules={[{ required: true, whitespace: true, message: '请输入测评名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label="测评说明">
          <Input.TextArea autoSize maxLength={2000} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="startAt" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="endAt" label="结束时间" rules={[{ required: true, message: '请选择结束时间' }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        {editing ? null : (
          <>
            <Form.Item name="departmentIds" label="参加部门（含下级部门）">
              <TreeSelect
                treeData={treeData}
                treeCheckable
                showCheckedStrategy={TreeSelect.SHOW_PARENT}
                allowClear
                treeDefaultExpandAll
                placeholder="选择部门"
              />
            </Form.Item>
            <Form.Item name="userIds" label="参加员工">
              <StaffMultiPicker aria-label="参加员工" testId="mental-staff" />
            </Form.Item>
            <Form.Item
              name="anonymous"
              label="匿名测评（结果不关联到人，安排后不可更改）"
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </>
        )}
        <Form.Item name="showResult" label="提交后向员工显示本人结果" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="minGroupSize" label="最小分组人数（少于此人数的部门不单独显示）">
          <InputNumber min={2} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="layout" label="答题方式">
          <Radio.Group
            options={(Object.entries(PSY_LAYOUT_LABELS) as [PsyLayout, string][]).map(([value, label]) => ({
              value,
              label,
            }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
