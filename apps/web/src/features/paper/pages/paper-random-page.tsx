import { useEffect, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Slider,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_QUESTION_POINTS, QUESTION_TYPES, QuestionType, questionTypeLabel } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { bankKeys, fetchSimpleBanks } from '../../question-bank/api';
import { fetchQuestionTags, questionKeys } from '../../question/api';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import { fetchPaper, paperKeys, saveRandomPaper, type PaperDetail, type RandomPaperInput } from '../api';
import { serverMessage } from '../../../lib/server-message';
import '../paper.css';

interface RuleForm {
  bankIds: number[];
  knowledgeIds?: number[];
  tagIds?: number[];
  type: number;
  count: number;
  points: number;
  difficulty: [number, number];
}

interface RandomForm {
  name: string;
  paperBankId?: number;
  drawPerCandidate: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  sections: { name: string; rules: RuleForm[] }[];
}

const newRule = (type: number = QuestionType.SINGLE): RuleForm => ({
  bankIds: [],
  knowledgeIds: [],
  tagIds: [],
  type,
  count: 5,
  points: DEFAULT_QUESTION_POINTS,
  difficulty: [1, 10],
});

function formOf(detail: PaperDetail): RandomForm {
  return {
    name: detail.name,
    ...(detail.paperBankId ? { paperBankId: detail.paperBankId } : {}),
    drawPerCandidate: detail.settings.drawPerCandidate ?? false,
    shuffleQuestions: detail.settings.shuffleQuestions ?? false,
    shuffleOptions: detail.settings.shuffleOptions ?? false,
    sections: detail.sectionVOS.map((section) => ({
      name: section.name,
      rules: section.randomRules.map((rule) => ({
        bankIds: rule.bankIds,
        knowledgeIds: rule.knowledgeIds,
        tagIds: rule.tagIds,
        type: rule.type,
        count: rule.count,
        points: rule.points,
        difficulty: [rule.difficultyMin, rule.difficultyMax],
      })),
    })),
  };
}

export function toRandomInput(values: RandomForm): RandomPaperInput {
  return {
    name: values.name.trim(),
    ...(values.paperBankId ? { paperBankId: values.paperBankId } : {}),
    settings: {
      drawPerCandidate: values.drawPerCandidate,
      shuffleQuestions: values.shuffleQuestions,
      shuffleOptions: values.shuffleOptions,
    },
    sections: values.sections.map((section) => ({
      name: section.name.trim(),
      rules: section.rules.map((rule) => ({
        bankIds: rule.bankIds,
        knowledgeIds: rule.knowledgeIds ?? [],
        tagIds: rule.tagIds ?? [],
        type: rule.type,
        count: rule.count,
        points: rule.points,
        difficultyMin: rule.difficulty[0],
        difficultyMax: rule.difficulty[1],
      })),
    })),
  };
}

/** /manage/paper/random (?paperId= to change one): rules per section; drawn once or per candidate. */
export default function PaperRandomPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const paperId = Number(searchParams.get('paperId')) || undefined;
  const detail = useQuery({
    queryKey: paperKeys.detail(paperId ?? 0),
    queryFn: () => fetchPaper(paperId as number),
    enabled: paperId !== undefined,
  });
  if (paperId !== undefined && detail.isPending) return <PageLoading />;
  if (paperId !== undefined && detail.isError)
    return <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />;
  return <RandomPaperForm key={paperId ?? 'new'} paperId={paperId} initial={detail.data} />;
}

function RandomPaperForm({
  paperId,
  initial,
}: {
  paperId?: number | undefined;
  initial?: PaperDetail | undefined;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RandomForm>();
  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags });
  const paperBanks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });

  useEffect(() => {
    if (initial) form.setFieldsValue(formOf(initial));
  }, [initial, form]);

  const save = useMutation({
    mutationFn: (values: RandomForm) => saveRandomPaper(toRandomInput(values), paperId),
    onSuccess: (paper) => {
      message.success(`随机试卷「${paper.name}」已保存`);
      void queryClient.invalidateQueries({ queryKey: paperKeys.all });
      void navigate(`/manage/paper/detail?paperId=${paper.paperId}`);
    },
  });

  const bankOptions = (banks.data ?? []).map((bank) => ({
    label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
    value: bank.bankId,
  }));
  const paperBankOptions = (paperBanks.data ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));

  const initialValues: RandomForm = {
    name: '',
    drawPerCandidate: false,
    shuffleQuestions: false,
    shuffleOptions: false,
    sections: [{ name: '第1大题', rules: [newRule()] }],
  };

  return (
    <div className="kp-paper-page">
      <Form<RandomForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        scrollToFirstError
      >
        <Card size="small" title={paperId ? '修改随机试卷' : '随机组卷'}>
          <Space wrap align="start" size="large">
            <Form.Item
              name="name"
              label="试卷名称"
              rules={[
                { required: true, whitespace: true, message: '请输入试卷名称' },
                { max: 200, message: '试卷名称不能超过 200 个字符' },
              ]}
            >
              <Input aria-label="试卷名称" maxLength={200} style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="paperBankId" label="所属试卷库">
              <Select
                allowClear
                aria-label="所属试卷库"
                placeholder="可选"
                style={{ width: 200 }}
                options={paperBankOptions}
              />
            </Form.Item>
            <Form.Item name="drawPerCandidate" label="抽题方式">
              <Radio.Group
                options={[
                  { value: false, label: '统一抽题一次' },
                  { value: true, label: '每位考生开考时单独抽题' },
                ]}
              />
            </Form.Item>
            <Form.Item name="shuffleQuestions" label="试题乱序" valuePropName="checked">
              <Switch aria-label="试题乱序" />
            </Form.Item>
            <Form.Item name="shuffleOptions" label="选项乱序" valuePropName="checked">
              <Switch aria-label="选项乱序" />
            </Form.Item>
          </Space>
        </Card>

        <Form.List name="sections">
          {(sections, { add, remove }) => (
            <>
              {sections.map((section, sectionIndex) => (
                <Card
                  key={section.key}
                  size="small"
                  className="kp-random__section"
                  data-testid={`random-section-${sectionIndex + 1}`}
                  title={
                    <Form.Item
                      name={[section.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: '请输入大题名称' }]}
                      style={{ margin: 0 }}
                    >
                      <Input
                        aria-label={`大题名称 ${sectionIndex + 1}`}
                        maxLength={100}
                        style={{ width: 240 }}
                      />
                    </Form.Item>
                  }
                  extra={
                    sections.length > 1 ? (
                      <Button
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(section.name)}
                      >
                        删除大题
                      </Button>
                    ) : null
                  }
                >
                  <Form.List name={[section.name, 'rules']}>
                    {(rules, ruleOps) => (
                      <>
                        {rules.map((rule, ruleIndex) => (
                          <div key={rule.key} className="kp-random__rule">
                            <Typography.Text strong>规则 {ruleIndex + 1}</Typography.Text>
                            <Space wrap align="start">
                              <Form.Item
                                name={[rule.name, 'bankIds']}
                                label="来源题库"
                                rules={[
                                  { required: true, type: 'array', min: 1, message: '请至少选择一个题库' },
                                ]}
                              >
                                <Select
                                  mode="multiple"
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}来源题库`}
                                  placeholder="选择题库"
                                  style={{ width: 220 }}
                                  maxTagCount="responsive"
                                  options={bankOptions}
                                  showSearch={{ optionFilterProp: 'label' }}
                                />
                              </Form.Item>
                              <Form.Item name={[rule.name, 'type']} label="题型" rules={[{ required: true }]}>
                                <Select
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}题型`}
                                  style={{ width: 110 }}
                                  options={QUESTION_TYPES.map((t) => ({
                                    label: questionTypeLabel(t),
                                    value: t,
                                  }))}
                                />
                              </Form.Item>
                              <Form.Item
                                name={[rule.name, 'count']}
                                label="抽题数量"
                                rules={[{ required: true, message: '请输入数量' }]}
                              >
                                <InputNumber
                                  min={1}
                                  max={500}
                                  precision={0}
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}数量`}
                                />
                              </Form.Item>
                              <Form.Item
                                name={[rule.name, 'points']}
                                label="每题分值"
                                rules={[{ required: true, message: '请输入分值' }]}
                              >
                                <InputNumber
                                  min={0.1}
                                  max={1000}
                                  precision={1}
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}分值`}
                                />
                              </Form.Item>
                              <Form.Item name={[rule.name, 'difficulty']} label="难度范围">
                                <Slider range min={1} max={10} style={{ width: 140 }} />
                              </Form.Item>
                              <Form.Item
                                name={[rule.name, 'knowledgeIds']}
                                label="知识点"
                                style={{ width: 200 }}
                              >
                                <KnowledgePicker
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}知识点`}
                                  placeholder="不限"
                                />
                              </Form.Item>
                              <Form.Item name={[rule.name, 'tagIds']} label="标签">
                                <Select
                                  mode="multiple"
                                  allowClear
                                  placeholder="不限"
                                  style={{ width: 160 }}
                                  aria-label={`大题${sectionIndex + 1}规则${ruleIndex + 1}标签`}
                                  options={(tags.data ?? []).map((tag) => ({
                                    label: tag.name,
                                    value: tag.tagId,
                                  }))}
                                />
                              </Form.Item>
                              {rules.length > 1 ? (
                                <Button
                                  type="text"
                                  danger
                                  icon={<DeleteOutlined />}
                                  aria-label={`删除规则 ${ruleIndex + 1}`}
                                  onClick={() => ruleOps.remove(rule.name)}
                                  style={{ marginTop: 30 }}
                                />
                              ) : null}
                            </Space>
                          </div>
                        ))}
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => ruleOps.add(newRule())}>
                          添加抽题规则
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button
                block
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: `第${sections.length + 1}大题`, rules: [newRule()] })}
              >
                新增大题
              </Button>
            </>
          )}
        </Form.List>

        {save.isError ? (
          <Alert
            type="error"
            showIcon
            className="kp-random__error"
            data-testid="random-error"
            title="无法按规则抽题"
            description={serverMessage(save.error)}
          />
        ) : null}
        <div className="kp-random__actions">
          <Button onClick={() => void navigate('/manage/paper/list')}>取消</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {paperId ? '保存并重新抽题' : '生成随机试卷'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
