import { useEffect, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { RECRUIT_MENUS } from '@kaopei/shared/contracts/recruitment';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  fetchJob,
  fetchPaperOptions,
  fetchPostOptions,
  publishJob,
  recruitKeys,
  saveJob,
  type JobInput,
} from '../api';
import '../recruitment.css';

type JobForm = Omit<JobInput, 'paperId'> & { paperId?: number | null };

function usePaperOptions(postId: number | undefined) {
  const papers = useQuery({
    queryKey: recruitKeys.paperOptions(postId),
    queryFn: () => fetchPaperOptions(postId),
  });
  return (papers.data ?? []).map((p) => ({
    value: p.paperId,
    label: `${p.ofPost ? '【岗位招聘】' : ''}${p.name}（${p.questionCount} 题，${p.totalScore} 分）`,
  }));
}

function JobFields({ postId }: { postId: number | undefined }): ReactNode {
  const posts = useQuery({ queryKey: recruitKeys.postOptions, queryFn: fetchPostOptions });
  const papers = usePaperOptions(postId);
  return (
    <>
      <Form.Item name="name" label="职位名称" rules={[{ required: true, message: '请填写职位名称' }]}>
        <Input maxLength={100} placeholder="如：Java 开发工程师（2027 校招）" />
      </Form.Item>
      <Form.Item
        name="postId"
        label="岗位"
        rules={[{ required: true, message: '请选择岗位' }]}
        extra="职位沿用岗位的能力模型；录用后成为该岗位的员工。"
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="选择岗位"
          loading={posts.isPending}
          options={(posts.data ?? []).map((p) => ({ value: p.postId, label: p.name }))}
        />
      </Form.Item>
      <Form.Item
        name="paperId"
        label="笔试试卷"
        extra="应聘者移到「笔试」时收到此试卷的笔试邀请；岗位的招聘试卷排在前面。"
      >
        <Select allowClear showSearch optionFilterProp="label" placeholder="不安排笔试" options={papers} />
      </Form.Item>
      <Form.Item name="headcount" label="招聘人数" rules={[{ required: true, message: '请填写招聘人数' }]}>
        <InputNumber min={1} max={10000} precision={0} />
      </Form.Item>
      <Form.Item name="location" label="工作地点">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="月薪（元）" extra="都不填为面议。">
        <Space>
          <Form.Item name="salaryMin" noStyle>
            <InputNumber min={0} precision={0} placeholder="最低" aria-label="最低月薪" />
          </Form.Item>
          <span>至</span>
          <Form.Item name="salaryMax" noStyle>
            <InputNumber min={0} precision={0} placeholder="最高" aria-label="最高月薪" />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="description" label="职位描述">
        <Input.TextArea rows={8} maxLength={5000} showCount placeholder="岗位职责、任职要求、福利…" />
      </Form.Item>
    </>
  );
}

/** /manage/recruitment/job/release(?jobId=): a job from a post, its written-test paper, headcount, pay. */
export default function JobReleasePage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const jobId = Number(params.get('jobId')) || null;
  const [form] = Form.useForm<JobForm>();
  const postId = Form.useWatch('postId', form) as number | undefined;
  const job = useQuery({
    queryKey: recruitKeys.job(jobId ?? 0),
    queryFn: () => fetchJob(jobId ?? 0),
    enabled: jobId !== null,
  });

  useEffect(() => {
    if (job.data) form.setFieldsValue(job.data);
    else if (jobId === null) form.setFieldsValue({ headcount: 1 });
  }, [job.data, jobId, form]);

  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: JobForm; publish: boolean }) => {
      const saved = await saveJob(jobId, { ...values, paperId: values.paperId ?? null });
      if (publish && saved.status !== 'published') await publishJob(saved.jobId);
      return saved;
    },
    onSuccess: async (_, { publish }) => {
      message.success(publish ? '职位已发布' : '职位已保存');
      await queryClient.invalidateQueries({ queryKey: recruitKeys.all });
      void navigate(RECRUIT_MENUS.job);
    },
  });
  const submit = (publish: boolean) =>
    form.validateFields().then(
      (values) => save.mutate({ values, publish }),
      () => undefined,
    );

  if (jobId !== null && job.isPending) return <PageLoading />;
  if (job.isError) return <PageError onRetry={() => void job.refetch()} />;
  return (
    <div className="kp-page">
      <Card title={jobId ? `编辑职位「${job.data?.name ?? ''}」` : '新职位'}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          onValuesChange={(changed: Partial<JobForm>) => {
            if ('postId' in changed) form.setFieldValue('paperId', null);
          }}
        >
          <JobFields postId={postId} />
          <Space>
            <Button type="primary" loading={save.isPending} onClick={() => void submit(true)}>
              {job.data?.status === 'published' ? '保存' : '保存并发布'}
            </Button>
            {job.data?.status === 'published' ? null : (
              <Button loading={save.isPending} onClick={() => void submit(false)}>
                保存草稿
              </Button>
            )}
            <Button onClick={() => void navigate(RECRUIT_MENUS.job)}>取消</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
