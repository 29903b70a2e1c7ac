import type { ReactNode } from 'react';
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Switch, TreeSelect } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { useDepartmentTree } from '../../../components/use-department-tree';
import {
  addEvaluationExam,
  addPostExam,
  fetchEvaluationPapers,
  fetchPostPapers,
  postExamKeys,
  type Purpose,
} from '../api';
import { PostSelect } from './post-select';

interface CreateValues {
  postId?: number;
  paperId?: number;
  name: string;
  window: [Dayjs, Dayjs];
  durationMinutes: number;
  passScore?: number | null;
  publish: boolean;
  departmentIds?: number[];
  includeSubDepartments?: boolean;
  userIds?: number[];
}

function PostPaperSelect({
  postId,
  id,
  value,
  onChange,
}: {
  postId?: number;
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
}): ReactNode {
  const papers = useQuery({
    queryKey: postExamKeys.papers(postId, 0, 200),
    queryFn: () => fetchPostPapers(postId, 0, 200),
    enabled: postId !== undefined,
  });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={postId === undefined}
      loading={papers.isFetching}
      placeholder={
        postId === undefined ? '请先选择岗位' : papers.isError ? '试卷加载失败' : '选择该岗位的试卷'
      }
      notFoundContent="该岗位还没有试卷，请先在「岗位试卷」中生成"
      options={(papers.data?.data ?? []).map((p) => ({
        value: p.paperId,
        label: `${p.name}（${p.typeLabel}，${p.questionCount} 题，${p.totalScore} 分）`,
      }))}
      aria-label="试卷"
      data-testid="post-exam-paper"
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

function EvaluationPaperSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
}): ReactNode {
  const papers = useQuery({ queryKey: postExamKeys.evaluationPapers, queryFn: fetchEvaluationPapers });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={papers.isFetching}
      placeholder={papers.isError ? '试卷加载失败' : '选择测评试卷'}
      notFoundContent="还没有测评试卷：试卷的试题须全部来自测评题库"
      options={(papers.data ?? []).map((p) => ({
        value: p.paperId,
        label: `${p.name}（${p.questionCount} 题，${p.totalScore} 分）`,
      }))}
      aria-label="试卷"
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** Who sits an evaluation exam: departments (with sub-departments) and staff. */
function EvaluationAudienceFields({ open }: { open: boolean }): ReactNode {
  const { departments, treeData } = useDepartmentTree(open);
  return (
    <>
      <Form.Item name="departmentIds" label="按部门">
        <TreeSelect
          treeData={treeData}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          allowClear
          treeDefaultExpandAll
          placeholder={departments.isError ? '部门加载失败' : '选择部门'}
          aria-label="按部门"
        />
      </Form.Item>
      <Form.Item name="includeSubDepartments" label="包含下级部门" valuePropName="checked">
        <Switch aria-label="包含下级部门" />
      </Form.Item>
      <Form.Item name="userIds" label="按员工">
        <StaffMultiPicker aria-label="按员工" testId="evaluate-staff" />
      </Form.Item>
    </>
  );
}

/** New post exam (the post's staff sit one of its papers) or evaluation exam (departments and staff). */
export function ExamCreateDialog({
  purpose,
  open,
  onClose,
}: {
  purpose: Purpose;
  open: boolean;
  onClose: () => void;
}): ReactNode {
  const [form] = Form.useForm<CreateValues>();
  const postId = Form.useWatch('postId', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: CreateValues) => {
      const common = {
        paperId: values.paperId ?? 0,
        name: values.name,
        startAt: values.window[0].valueOf(),
        endAt: values.window[1].valueOf(),
        durationMinutes: values.durationMinutes,
        passScore: values.passScore ?? undefined,
        publish: values.publish,
      };
      return purpose === 'post'
        ? addPostExam({ ...common, postId: values.postId ?? 0 })
        : addEvaluationExam({
            ...common,
            departmentIds: values.departmentIds ?? [],
            includeSubDepartments: values.includeSubDepartments ?? true,
            userIds: values.userIds ?? [],
          });
    },
    onSuccess: (exam) => {
      message.success(exam.status === 1 ? '考试已创建并发布' : '考试已创建（未发布）');
      void queryClient.invalidateQueries({ queryKey: postExamKeys.all });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={purpose === 'post' ? '新建岗位考试' : '新建测评考试'}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          window: [dayjs().startOf('minute'), dayjs().add(7, 'day').startOf('minute')],
          durationMinutes: 60,
          publish: true,
          includeSubDepartments: true,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        {purpose === 'post' ? (
          <>
            <Form.Item
              name="postId"
              label="岗位"
              rules={[{ required: true, message: '请选择岗位' }]}
              extra="考生为该岗位的全部在职员工"
            >
              <PostSelect testId="post-exam-post" />
            </Form.Item>
            <Form.Item name="paperId" label="试卷" rules={[{ required: true, message: '请选择试卷' }]}>
              <PostPaperSelect postId={postId} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="paperId" label="试卷" rules={[{ required: true, message: '请选择试卷' }]}>
            <EvaluationPaperSelect />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="考试名称"
          rules={[{ required: true, whitespace: true, message: '请输入考试名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="window" label="考试时间" rules={[{ required: true, message: '请选择考试时间' }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="durationMinutes"
          label="考试时长（分钟）"
          rules={[{ required: true, message: '请输入考试时长' }]}
        >
          <InputNumber min={1} max={1440} precision={0} />
        </Form.Item>
        <Form.Item name="passScore" label="及格分" extra="不填则为试卷总分的 60%">
          <InputNumber min={0} max={10000} precision={1} />
        </Form.Item>
        {purpose === 'evaluation' ? <EvaluationAudienceFields open={open} /> : null}
        <Form.Item name="publish" valuePropName="checked">
          <Checkbox>保存后立即发布（通知考生）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
