import type { ReactNode } from 'react';
import { Form, Input, Segmented, Select, type FormInstance } from 'antd';
import { QUESTION_TYPES, questionTypeLabel } from '@kaopei/shared';
import type { BankOption, QuestionScope } from '../api';
import type { FilterForm } from './use-question-list';
import { FilterButtons } from '../../../components/filter-buttons';
import { DifficultyRangeSlider } from '../../../components/difficulty-range-slider';

const SCOPES: { value: QuestionScope; label: string }[] = [
  { value: 'mine', label: '我的试题' },
  { value: 'public', label: '公开试题' },
];
const STATUS_OPTIONS = [
  { label: '待审核', value: 0 },
  { label: '已通过', value: 1 },
  { label: '已驳回', value: 2 },
];

interface QuestionFilterFormProps {
  form: FormInstance<FilterForm>;
  bankCategory: string | undefined;
  scope: QuestionScope;
  onScopeChange: (scope: QuestionScope) => void;
  banks: BankOption[];
  onSearch: (values: FilterForm) => void;
}

/** The question list's filters: scope (without a bank category), bank, type, difficulty, status, stem search. */
export function QuestionFilterForm(props: QuestionFilterFormProps): ReactNode {
  const { form, bankCategory, scope, onScopeChange, banks, onSearch } = props;
  const isPublic = scope === 'public';
  return (
    <Form<FilterForm> form={form} layout="inline" onFinish={onSearch}>
      {bankCategory === undefined ? (
        <Form.Item>
          <Segmented<QuestionScope> options={SCOPES} value={scope} onChange={onScopeChange} />
        </Form.Item>
      ) : null}
      <Form.Item name="bankId" label="题库">
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={bankCategory ? `全部${bankCategory}题库` : '全部题库'}
          aria-label="筛选题库"
          options={banks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="type" label="题型">
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder="全部"
          aria-label="筛选题型"
          options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
        />
      </Form.Item>
      <Form.Item name="difficulty" label="难度">
        <DifficultyRangeSlider width={140} />
      </Form.Item>
      {isPublic ? null : (
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder="全部"
            aria-label="筛选状态"
            options={STATUS_OPTIONS}
          />
        </Form.Item>
      )}
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder="搜索题干"
          aria-label="搜索题干"
          maxLength={50}
          style={{ width: 180 }}
        />
      </Form.Item>
      <FilterButtons onReset={() => onSearch({})} />
    </Form>
  );
}
