import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatExamTime } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { toTreeData } from '../../../lib/department-tree';
import { fetchDepartmentTree, messageKeys } from '../../message/api';
import { CoverInput } from '../../../components/cover-input';
import { serverMessage } from '../../../lib/server-message';
import {
  createExam,
  examKeys,
  fetchExam,
  fetchUserTags,
  modifyExam,
  publishExam,
  type ExamRow,
} from '../api';
import {
  RELEASE_OPTIONS,
  examIdParam,
  examToValues,
  hasAudience,
  newExamValues,
  timeProblem,
  valuesToInput,
  type ExamFormValues,
} from '../exam-rules';
import { AntiCheatingFields } from '../components/anti-cheating-fields';
import { PaperSelect } from '../components/paper-select';
import '../exam.css';

type SaveMode = 'draft' | 'publish' | 'save';

const AUDIENCE_FIELDS = ['audienceMode', 'departmentIds', 'userIds', 'tagIds'] as const;

function ExamForm({ exam }: { exam: ExamRow | null }): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExamFormValues>();
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const initialValues = useMemo(() => (exam ? examToValues(exam) : newExamValues()), [exam]);
  const audienceMode = Form.useWatch('audienceMode', form) ?? initialValues.audienceMode;
  const duration = Form.useWatch('durationMinutes', form);
  const departments = useQuery({ queryKey: messageKeys.departments, queryFn: fetchDepartmentTree });
  const treeData = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);
  const tags = useQuery({ queryKey: examKeys.userTags, queryFn: fetchUserTags });
  const published = exam !== null && exam.status === 1;

  const save = async (mode: SaveMode) => {
    let values: ExamFormValues;
    try {
      // validateFields gives the shown fields only; the store also holds the hidden ones (the snapshot
      // interval while snapshots are off, the other audience mode's lists), which the save keeps.
      values = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    if (mode === 'publish' && !hasAudience(values)) {
      form.setFields([{ name: 'departmentIds', errors: ['发布前请选择考生（部门、员工或标签）'] }]);
      return;
    }
    setSaving(mode);
    setError(null);
    let saved: ExamRow | null = null;
    try {
      const input = valuesToInput(values);
      saved = exam ? await modifyExam(exam.examId, input) : await createExam(input);
      if (mode === 'publish') saved = await publishExam(saved.examId);
      message.success(
        mode === 'publish'
          ? `考试已发布，考生 ${saved.candidateCount} 人`
          : exam
            ? '考试已保存'
            : '考试已创建',
      );
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      void navigate('/manage/exam/list');
    } catch (failure) {
      setError(serverMessage(failure));
      // Saved but not published: keep editing the saved exam rather than creating another.
      if (saved && !exam) void navigate(`/manage/exam/editor?examId=${saved.examId}`, { replace: true });
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Form<ExamFormValues>
      form={form}
      layout="vertical"
      name="exam-editor"
      initialValues={initialValues}
      onValuesChange={(changed: Partial<ExamFormValues>) => {
        // The publish-time audience error goes as soon as the audience changes.
        if (AUDIENCE_FIELDS.some((field) => field in changed)) {
          form.setFields([{ name: 'departmentIds', errors: [] }]);
        }
      }}
      className="kp-exam-page kp-exam-editor"
      scrollToFirstError
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          message="保存失败"
          description={error}
          closable
          onClose={() => setError(null)}
        />
      ) : null}
      {published ? (
        <Alert type="info" showIcon message="考试已发布：修改会立即生效；已有考生作答后不能更换试卷。" />
      ) : null}
      <Card size="small" title="基本信息">
        <Form.Item
          name="name"
          label="考试名称"
          rules={[
            { required: true, whitespace: true, message: '请输入考试名称' },
            { max: 200, message: '考试名称不能超过 200 个字符' },
          ]}
        >
          <Input placeholder="例如：2024 年度安全生产考试" maxLength={200} />
        </Form.Item>
        <Form.Item name="coverUrl" label="封面">
          <CoverInput onError={(text) => message.error(text)} />
        </Form.Item>
        <Form.Item
          name="description"
          label="考试说明"
          rules={[{ max: 5000, message: '考试说明不能超过 5000 个字符' }]}
        >
          <Input.TextArea rows={3} maxLength={5000} showCount placeholder="考生开始前看到的说明（选填）" />
        </Form.Item>
      </Card>

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
          <PaperSelect multiple known={exam?.papers ?? []} aria-label="试卷" />
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
              rules={[
                { required: true, message: '请输入及格分' },
                { type: 'number', min: 0, max: 10000, message: '及格分为 0 到 10000' },
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
      </Card>

      <Card size="small" title="成绩与答案">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="showScore" label="成绩公布">
              <Select options={RELEASE_OPTIONS} aria-label="成绩公布" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="showAnswers" label="答案公布">
              <Select options={RELEASE_OPTIONS} aria-label="答案公布" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          {(
            [
              ['showAnalysis', '显示解析'],
              ['shuffleQuestions', '题目乱序'],
              ['shuffleOptions', '选项乱序'],
              ['partialCredit', '多选题少选得分'],
              ['blindMarking', '匿名阅卷'],
            ] as const
          ).map(([name, label]) => (
            <Col key={name} xs={12} sm={8} md={4}>
              <Form.Item name={name} label={label} valuePropName="checked">
                <Switch aria-label={label} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>

      <Card size="small" title="防作弊">
        <AntiCheatingFields />
      </Card>

      <Card size="small" title="考生">
        <Form.Item name="audienceMode" label="考生范围">
          <Radio.Group
            options={[
              { value: 'assigned', label: '指定考生（部门、员工、标签）' },
              { value: 'open', label: '开放链接（持链接报名参加）' },
            ]}
          />
        </Form.Item>
        {audienceMode === 'assigned' ? (
          <>
            <Row gutter={16} align="bottom">
              <Col xs={24} md={16}>
                <Form.Item name="departmentIds" label="按部门">
                  <TreeSelect
                    treeData={treeData}
                    treeCheckable
                    showCheckedStrategy={TreeSelect.SHOW_PARENT}
                    placeholder={departments.isError ? '部门加载失败' : '选择部门'}
                    loading={departments.isFetching}
                    allowClear
                    treeDefaultExpandAll
                    maxTagCount="responsive"
                    aria-label="按部门"
                    data-testid="exam-departments"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="includeSubDepartments" label="包含下级部门" valuePropName="checked">
                  <Switch aria-label="包含下级部门" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="userIds" label="按员工">
              <StaffMultiPicker aria-label="按员工" testId="exam-staff" />
            </Form.Item>
            <Form.Item name="tagIds" label="按标签">
              <Select
                mode="multiple"
                allowClear
                placeholder={tags.isError ? '标签加载失败' : '选择员工标签'}
                loading={tags.isFetching}
                options={(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))}
                optionFilterProp="label"
                aria-label="按标签"
              />
            </Form.Item>
            <Typography.Text type="secondary">
              以上条件满足任一即为考生；发布后也可在“考生管理”中单独添加或移除。
            </Typography.Text>
          </>
        ) : (
          <Form.Item
            name="registrationFields"
            label="报名字段"
            extra="考生通过链接报名时填写；姓名和手机号总会询问。输入字段名后回车添加。"
            rules={[
              { type: 'array', max: 10, message: '报名字段最多 10 个' },
              {
                validator: (_rule, fields: string[] | undefined) =>
                  (fields ?? []).some((field) => field.trim().length > 20)
                    ? Promise.reject(new Error('报名字段名称不能超过 20 个字符'))
                    : Promise.resolve(),
              },
            ]}
          >
            <Select mode="tags" placeholder="例如：工号、所在单位" aria-label="报名字段" open={false} />
          </Form.Item>
        )}
      </Card>

      <Card size="small" title="通知">
        <Form.Item
          name="notify"
          label="发布时通过消息通知考生"
          valuePropName="checked"
          style={{ marginBottom: 0 }}
        >
          <Switch aria-label="通知考生" />
        </Form.Item>
      </Card>

      <div className="kp-exam-editor__actions">
        <Button onClick={() => void navigate('/manage/exam/list')}>取消</Button>
        {published ? (
          <Button
            type="primary"
            loading={saving === 'save'}
            disabled={saving !== null}
            onClick={() => void save('save')}
          >
            保存修改
          </Button>
        ) : (
          <>
            <Button
              loading={saving === 'draft'}
              disabled={saving !== null}
              onClick={() => void save('draft')}
            >
              保存草稿
            </Button>
            <Button
              type="primary"
              loading={saving === 'publish'}
              disabled={saving !== null}
              onClick={() => void save('publish')}
            >
              保存并发布
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}

/** /manage/exam/editor (?examId to edit): every setting of an exam; save as a draft or save and publish. */
export default function ExamEditorPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const examId = examIdParam(searchParams);
  const exam = useQuery({
    queryKey: examKeys.detail(examId ?? 0),
    queryFn: () => fetchExam(examId as number),
    enabled: examId !== undefined,
  });
  if (examId === undefined) return <ExamForm key="new" exam={null} />;
  if (exam.isPending) return <PageLoading />;
  if (exam.isError)
    return <PageError description="考试加载失败，请稍后重试。" onRetry={() => void exam.refetch()} />;
  return <ExamForm key={`${examId}-${exam.dataUpdatedAt}`} exam={exam.data} />;
}
