import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Select, Slider, Space, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUESTION_TYPES, difficultyLabel, questionTypeLabel } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { bankKeys, fetchSimpleBanks } from '../../question-bank/api';
import { fetchQuestionTags, questionKeys } from '../../question/api';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { paperKeys, searchNotSelected, type PickerFilter, type PickRow } from '../api';

interface FilterForm {
  bankId?: number;
  type?: number;
  difficulty?: [number, number];
  keyword?: string;
  knowledgeIds?: number[];
  tagIds?: number[];
}

const PAGE_SIZE = 10;

/**
 * The builder's question picker: approved questions matching the question filters. With 只看未选 (the
 * default) the questions already in the paper are left out (the server's not-selected search); without
 * it they are listed too, marked 已选, and picking one again takes it out of the paper (spec §4).
 */
export function QuestionPicker({
  picked,
  onPick,
}: {
  /** Ids in the paper being built. */
  picked: readonly number[];
  onPick: (question: PickRow) => void;
}): ReactNode {
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<PickerFilter>({});
  const [hidePicked, setHidePicked] = useState(true);
  const [page, setPage] = useState(1);
  const pickedSet = useMemo(() => new Set(picked), [picked]);

  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags });
  // The paper being built decides what is "selected"; a saved paper's stored questions do not.
  const request: PickerFilter = {
    ...filter,
    scope: 'all',
    ...(hidePicked && picked.length > 0 ? { selectedIds: [...picked].sort((a, b) => a - b) } : {}),
  };
  const list = useQuery({
    queryKey: paperKeys.picker(request, page, PAGE_SIZE),
    queryFn: () => searchNotSelected(request, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  const search = (values: FilterForm) => {
    setFilter({
      bankId: values.bankId,
      type: values.type,
      difficultyMin: values.difficulty?.[0],
      difficultyMax: values.difficulty?.[1],
      keyword: values.keyword?.trim() || undefined,
      knowledgeIds: values.knowledgeIds?.length ? values.knowledgeIds : undefined,
      tagIds: values.tagIds?.length ? values.tagIds : undefined,
    });
    setPage(1);
  };

  const columns: DataTableColumn<PickRow>[] = [
    { title: '题型', dataIndex: 'typeLabel', width: 80 },
    { title: '题干', dataIndex: 'stemText', slot: 'stem' },
    {
      title: '难度',
      dataIndex: 'difficulty',
      width: 80,
      render: (value) => `${Number(value)} ${difficultyLabel(Number(value))}`.trim(),
    },
    { title: '操作', key: 'pick', width: 96, slot: 'pick', fixed: 'right' },
  ];

  return (
    <div className="kp-picker">
      <Form<FilterForm>
        form={form}
        layout="vertical"
        size="small"
        onFinish={search}
        className="kp-picker__filters"
      >
        <Space wrap size={[8, 0]} align="end">
          <Form.Item name="bankId" label="题库">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 160 }}
              placeholder="全部题库"
              aria-label="选题题库"
              loading={banks.isPending}
              options={(banks.data ?? []).map((bank) => ({
                label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
                value: bank.bankId,
              }))}
            />
          </Form.Item>
          <Form.Item name="type" label="题型">
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder="全部"
              aria-label="选题题型"
              options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
            />
          </Form.Item>
          <Form.Item name="difficulty" label="难度">
            <Slider range min={1} max={10} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="tagIds" label="标签">
            <Select
              mode="multiple"
              allowClear
              style={{ width: 160 }}
              placeholder="全部"
              aria-label="选题标签"
              maxTagCount="responsive"
              options={(tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.tagId }))}
            />
          </Form.Item>
          <Form.Item name="knowledgeIds" label="知识点" style={{ width: 200 }}>
            <KnowledgePicker aria-label="选题知识点" placeholder="全部" />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input
              allowClear
              placeholder="搜索题干"
              aria-label="选题关键词"
              maxLength={50}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Space>
      </Form>
      <Checkbox
        checked={hidePicked}
        onChange={(event) => {
          setHidePicked(event.target.checked);
          setPage(1);
        }}
      >
        只看未选试题
      </Checkbox>
      {list.isError ? (
        <PageError description="试题加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <div className="kp-picker__table" data-testid="question-picker">
          <DataTable<PickRow>
            rowKey="questionId"
            size="small"
            autoHeight={false}
            columns={columns}
            dataSource={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            pagination={{ page, size: PAGE_SIZE }}
            onPageChange={(next) => setPage(next)}
            slots={{
              stem: (row) => (
                <Tooltip title={row.stemText}>
                  <span className="kp-picker__stem">
                    {pickedSet.has(row.questionId) ? <Tag color="blue">已选</Tag> : null}
                    {row.isPublic ? <Tag>公开</Tag> : null}
                    {row.stemText || '（图片）'}
                  </span>
                </Tooltip>
              ),
              pick: (row) =>
                pickedSet.has(row.questionId) ? (
                  <Button size="small" onClick={() => onPick(row)} aria-label={`取消选择 ${row.stemText}`}>
                    取消选择
                  </Button>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => onPick(row)}
                    aria-label={`选择 ${row.stemText}`}
                  >
                    选择
                  </Button>
                ),
            }}
          />
        </div>
      )}
      <Typography.Text type="secondary" className="kp-picker__hint">
        只能选择已审核通过的试题
      </Typography.Text>
    </div>
  );
}
