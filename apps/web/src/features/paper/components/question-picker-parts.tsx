import type { ReactNode } from 'react';
import { Button, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { QUESTION_TYPES, difficultyLabel, questionTypeLabel } from '@kaopei/shared';
import type { DataTableColumn, DataTableSlot } from '../../../components/data-table';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { bankKeys, fetchSimpleBanks } from '../../question-bank/api';
import { fetchQuestionTags, questionKeys } from '../../question/api';
import type { PickerFilter, PickRow } from '../api';
import { FilterButtons } from '../../../components/filter-buttons';
import { DifficultyRangeSlider } from '../../../components/difficulty-range-slider';

interface FilterForm {
  bankId?: number;
  type?: number;
  difficulty?: [number, number];
  keyword?: string;
  knowledgeIds?: number[];
  tagIds?: number[];
}

/** The picker's search from the filter form (empty choices left out, the keyword trimmed). */
function toFilter(values: FilterForm): PickerFilter {
  return {
    bankId: values.bankId,
    type: values.type,
    difficultyMin: values.difficulty?.[0],
    difficultyMax: values.difficulty?.[1],
    keyword: values.keyword?.trim() || undefined,
    knowledgeIds: values.knowledgeIds?.length ? values.knowledgeIds : undefined,
    tagIds: values.tagIds?.length ? values.tagIds : undefined,
  };
}

/** 题库 and 题型 of the filter form. */
function BankAndTypeItems(): ReactNode {
  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks });
  return (
    <>
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
    </>
  );
}

/** The picker's filters: bank, type, difficulty, tags, knowledge points and keyword; 查询 and 重置. */
export function PickerFilters({ onSearch }: { onSearch: (filter: PickerFilter) => void }): ReactNode {
  const [form] = Form.useForm<FilterForm>();
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags });
  return (
    <Form<FilterForm>
      form={form}
      layout="vertical"
      size="small"
      onFinish={(values) => onSearch(toFilter(values))}
      className="kp-picker__filters"
    >
      <Space wrap size={[8, 0]} align="end">
        <BankAndTypeItems />
        <Form.Item name="difficulty" label="难度">
          <DifficultyRangeSlider width={120} />
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
        <FilterButtons onReset={() => onSearch(toFilter({}))} />
      </Space>
    </Form>
  );
}

/** The picker's columns; `slot` cells come from `pickerSlots`. */
export function pickerColumns(): DataTableColumn<PickRow>[] {
  return [
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
}

/** The stem (marked 已选 / 公开) and the 选择 / 取消选择 button of a row. */
export function pickerSlots(
  pickedSet: ReadonlySet<number>,
  onPick: (question: PickRow) => void,
): Record<string, DataTableSlot<PickRow>> {
  return {
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
        // No space inserted between the two characters: the name must contain the visible text (WCAG 2.5.3).
        <Button
          size="small"
          type="primary"
          autoInsertSpace={false}
          onClick={() => onPick(row)}
          aria-label={`选择 ${row.stemText}`}
        >
          选择
        </Button>
      ),
  };
}
