import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ABILITY_LEVEL_NAMES, QUESTION_TYPES, questionTypeLabel } from '@kaopei/shared';
import {
  DEFAULT_WEIGHT_TOLERANCE,
  POST_PAPER_MODE_LABELS,
  type PostPaperMode,
} from '@kaopei/shared/contracts/post-exam';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import {
  fetchPostModel,
  fetchPostPapers,
  generatePostPaper,
  postExamKeys,
  type AbilityCoverage,
  type ModelAbility,
  type PostModel,
  type PostPaperCreatedView,
  type PostPaperRow,
} from '../api';
import { PostSelect } from '../components/post-select';
import { initialTypeRules } from '../post-exam-rules';

interface GenerateValues {
  mode: PostPaperMode;
  name: string;
  tolerance: number;
  typeRules: { type: number; count: number; points: number }[];
}

const MODE_HELP: Record<PostPaperMode, string> = {
  random: '每种题型的题数按能力权重分配（最大余数法），在衡量该能力的已审核试题中随机抽取，一次抽定。',
  auto: '智能组卷：每项能力的分值占比不低于其权重减去允许偏差，所选试题的难度对准该能力的要求等级。',
  job: '与智能组卷相同，保存为招聘试卷（类型 9），用于招聘考试。',
};

const modelColumns = [
  { title: '能力', dataIndex: 'name', key: 'name' },
  { title: '维度', dataIndex: 'dimensionName', key: 'dimensionName', width: 110 },
  { title: '权重', dataIndex: 'weight', key: 'weight', width: 80, render: (w: number) => `${w}%` },
  {
    title: '要求等级',
    dataIndex: 'requiredLevel',
    key: 'requiredLevel',
    width: 110,
    render: (level: number) => `${level} 级 ${ABILITY_LEVEL_NAMES[level] ?? ''}`,
  },
  { title: '目标难度', dataIndex: 'targetDifficulty', key: 'targetDifficulty', width: 90 },
  {
    title: '可用试题（按题型）',
    key: 'typeCounts',
    render: (_: unknown, row: ModelAbility) =>
      row.questionCount === 0 ? (
        <Tag color="error">无可用试题</Tag>
      ) : (
        <Space size={4} wrap>
          {row.typeCounts.map((t) => (
            <Tag key={t.type}>
              {t.label} {t.count}
            </Tag>
          ))}
        </Space>
      ),
  },
];

const coverageColumns = [
  { title: '能力', dataIndex: 'name', key: 'name' },
  { title: '权重', dataIndex: 'weight', key: 'weight', width: 80, render: (w: number) => `${w}%` },
  { title: '题数', dataIndex: 'questionCount', key: 'questionCount', width: 70 },
  { title: '分值', dataIndex: 'points', key: 'points', width: 80 },
  { title: '分值占比', dataIndex: 'share', key: 'share', width: 90, render: (s: number) => `${s}%` },
  {
    title: '平均难度 / 目标',
    key: 'difficulty',
    width: 130,
    render: (_: unknown, row: AbilityCoverage) => `${row.averageDifficulty ?? '-'} / ${row.targetDifficulty}`,
  },
];

function ModelCard({ model }: { model: PostModel }): ReactNode {
  return (
    <Card size="small" title={`「${model.name}」的能力模型`}>
      {model.problem ? (
        <Alert type="warning" showIcon message={model.problem} style={{ marginBottom: 12 }} />
      ) : null}
      <Table<ModelAbility>
        size="small"
        rowKey="abilityId"
        pagination={false}
        columns={modelColumns}
        dataSource={model.abilities}
        locale={{ emptyText: '该岗位还没有能力模型' }}
      />
    </Card>
  );
}

function GenerateForm({
  model,
  onCreated,
}: {
  model: PostModel;
  onCreated: (c: PostPaperCreatedView) => void;
}): ReactNode {
  const postId = model.postId;
  const [form] = Form.useForm<GenerateValues>();
  const mode = Form.useWatch('mode', form) ?? 'random';
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: (values: GenerateValues) => generatePostPaper({ ...values, postId }),
    onSuccess: (created) => {
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: postExamKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['papers'] });
    },
  });
  return (
    <Card size="small" title="生成岗位试卷">
      <Form<GenerateValues>
        form={form}
        layout="vertical"
        initialValues={{
          mode: 'random',
          name: `${model.name}岗位测评卷`,
          tolerance: DEFAULT_WEIGHT_TOLERANCE,
          typeRules: initialTypeRules(model),
        }}
        onFinish={(values) => generate.mutate(values)}
      >
        <Form.Item name="mode" label="组卷方式" extra={MODE_HELP[mode]}>
          <Radio.Group
            optionType="button"
            options={(Object.keys(POST_PAPER_MODE_LABELS) as PostPaperMode[]).map((value) => ({
              value,
              label: POST_PAPER_MODE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="试卷名称"
          rules={[{ required: true, whitespace: true, message: '请输入试卷名称' }]}
        >
          <Input maxLength={200} placeholder="例如：Java开发工程师岗位测评卷" />
        </Form.Item>
        <Form.List name="typeRules">
          {(fields, { add, remove }) => (
            <Form.Item label="题型、题数与每题分值" required>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item
                    name={[field.name, 'type']}
                    rules={[{ required: true, message: '请选择题型' }]}
                    noStyle
                  >
                    <Select
                      aria-label="题型"
                      style={{ width: 110 }}
                      options={QUESTION_TYPES.map((type) => ({
                        value: type,
                        label: questionTypeLabel(type),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'count']}
                    rules={[{ required: true, message: '请输入题数' }]}
                    noStyle
                  >
                    <InputNumber aria-label="题数" min={1} max={200} precision={0} addonAfter="道" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'points']}
                    rules={[{ required: true, message: '请输入分值' }]}
                    noStyle
                  >
                    <InputNumber aria-label="每题分值" min={0.1} max={1000} precision={1} addonAfter="分" />
                  </Form.Item>
                  <Button type="link" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ type: 2, count: 5, points: 5 })} disabled={fields.length >= 6}>
                添加题型
              </Button>
            </Form.Item>
          )}
        </Form.List>
        {mode !== 'random' ? (
          <Form.Item name="tolerance" label="权重允许偏差（百分点）">
            <InputNumber min={0} max={50} precision={0} addonAfter="%" />
          </Form.Item>
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={generate.isPending}
          data-testid="post-paper-generate"
        >
          生成试卷
        </Button>
      </Form>
    </Card>
  );
}

function CreatedCard({ created }: { created: PostPaperCreatedView }): ReactNode {
  return (
    <Card
      size="small"
      title={`已生成「${created.paper.name}」`}
      extra={<Link to={`/manage/paper/detail?paperId=${created.paper.paperId}`}>查看试卷</Link>}
      data-testid="post-paper-created"
    >
      <Typography.Paragraph>
        {created.paper.typeLabel}，共 {created.paper.questionCount} 题，{created.paper.totalScore}{' '}
        分。各能力覆盖：
      </Typography.Paragraph>
      <Table<AbilityCoverage>
        size="small"
        rowKey="abilityId"
        pagination={false}
        columns={coverageColumns}
        dataSource={created.coverage}
      />
    </Card>
  );
}

function PostPapers({ postId }: { postId: number }): ReactNode {
  const [page, setPage] = useState({ page: 1, size: 10 });
  const papers = useQuery({
    queryKey: postExamKeys.papers(postId, page.page - 1, page.size),
    queryFn: () => fetchPostPapers(postId, page.page - 1, page.size),
  });
  if (papers.isError)
    return <PageError description="岗位试卷加载失败。" onRetry={() => void papers.refetch()} />;
  return (
    <Card size="small" title="该岗位的试卷">
      <Table<PostPaperRow>
        size="small"
        rowKey="paperId"
        loading={papers.isFetching}
        dataSource={papers.data?.data ?? []}
        locale={{ emptyText: '还没有该岗位的试卷' }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: papers.data?.total ?? 0,
          onChange: (current, size) => setPage({ page: current, size }),
        }}
        columns={[
          {
            title: '试卷名称',
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={`/manage/paper/detail?paperId=${row.paperId}`}>{name}</Link>
            ),
          },
          { title: '类型', dataIndex: 'typeLabel', width: 110 },
          { title: '题数', dataIndex: 'questionCount', width: 70 },
          { title: '总分', dataIndex: 'totalScore', width: 70 },
          {
            title: '创建时间',
            dataIndex: 'createdAt',
            width: 160,
            render: (ms: number) => formatDateTime(ms),
          },
        ]}
      />
    </Card>
  );
}

/** One post: its model, the generator and the result, and the post's papers. */
function PostWorkspace({ postId }: { postId: number }): ReactNode {
  const [created, setCreated] = useState<PostPaperCreatedView | null>(null);
  const model = useQuery({ queryKey: postExamKeys.model(postId), queryFn: () => fetchPostModel(postId) });
  if (model.isPending) return <PageLoading />;
  if (model.isError)
    return <PageError description="能力模型加载失败。" onRetry={() => void model.refetch()} />;
  return (
    <>
      <ModelCard model={model.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <GenerateForm model={model.data} onCreated={setCreated} />
        </Col>
        <Col xs={24} xl={12}>
          {created ? <CreatedCard created={created} /> : <PostPapers postId={postId} />}
        </Col>
      </Row>
      {created ? <PostPapers postId={postId} /> : null}
    </>
  );
}

/** /manage/paper/post: pick a post, see its model and question supply, generate a paper from it. */
export default function PostPaperPage(): ReactNode {
  const [postId, setPostId] = useState<number>();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <label htmlFor="post-paper-post">岗位</label>
          <PostSelect
            id="post-paper-post"
            value={postId}
            onChange={setPostId}
            testId="post-paper-post"
            width={320}
          />
        </Space>
      </Card>
      {postId === undefined ? (
        <PageEmpty description="请选择岗位，查看其能力模型并生成试卷" />
      ) : (
        <PostWorkspace key={postId} postId={postId} />
      )}
    </Space>
  );
}
