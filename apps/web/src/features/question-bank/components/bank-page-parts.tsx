import type { ReactNode } from 'react';
import { Button, Col, Input, Pagination, Row, Segmented, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import type { BankRow, BankScope } from '../api';
import { BankCard } from './bank-card';
import { BANK_PAGE_SIZE, type useBankList } from './use-bank-list';

const SCOPES: { value: BankScope; label: string }[] = [
  { value: 'mine', label: '我的题库' },
  { value: 'public', label: '公开题库' },
];

type BankList = ReturnType<typeof useBankList>;

interface BankFiltersProps {
  list: BankList;
  fixedCategory?: string;
  onCreate: () => void;
}

/** 我的题库 / 公开题库, search, category (unless fixed), tags and 新建题库 (both on my banks only). */
export function BankFilters({ list, fixedCategory, onCreate }: BankFiltersProps): ReactNode {
  const { scope, category, tagIds } = list.filter;
  return (
    <div className="kp-bank-page__filters">
      <Segmented<BankScope> options={SCOPES} value={scope} onChange={list.changeScope} />
      <Input.Search
        allowClear
        placeholder="搜索题库名称"
        aria-label="搜索题库名称"
        style={{ width: 220 }}
        onSearch={(value) => list.changeKeyword(value.trim())}
      />
      {fixedCategory === undefined ? (
        <Select
          allowClear
          placeholder="全部分类"
          aria-label="题库分类"
          style={{ width: 160 }}
          value={category}
          options={(list.categories.data ?? []).map((value) => ({ value, label: value }))}
          onChange={(value: string | undefined) => list.changeCategory(value)}
        />
      ) : null}
      {scope === 'mine' ? (
        <Select
          mode="multiple"
          allowClear
          placeholder="按标签筛选"
          aria-label="按标签筛选"
          style={{ minWidth: 180 }}
          value={tagIds}
          options={(list.tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))}
          optionFilterProp="label"
          onChange={(value: number[]) => list.changeTags(value)}
        />
      ) : null}
      <span className="kp-bank-page__spacer" />
      {scope === 'mine' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          新建题库
        </Button>
      ) : null}
    </div>
  );
}

interface BankGridProps {
  list: BankList;
  copyingId: number | null;
  onCreate: () => void;
  onOpen: (bank: BankRow) => void;
  onEdit: (bank: BankRow) => void;
  onDelete: (bank: BankRow) => void;
  onCopy: (bank: BankRow) => void;
}

/** The cards of one page with the pager, or the loading, error or empty state. */
export function BankGrid(props: BankGridProps): ReactNode {
  const { list, copyingId } = props;
  const { banks } = list;
  const rows = banks.data?.data ?? [];
  if (banks.isPending) return <PageLoading />;
  if (banks.isError) return <PageError onRetry={() => void banks.refetch()} />;
  if (rows.length === 0) {
    const mine = list.filter.scope === 'mine';
    return (
      <PageEmpty description={mine ? '暂无题库' : '暂无公开题库'}>
        {mine ? (
          <Button type="primary" onClick={props.onCreate}>
            新建题库
          </Button>
        ) : null}
      </PageEmpty>
    );
  }
  return (
    <>
      <Row gutter={[16, 16]}>
        {rows.map((bank) => (
          <Col key={bank.bankId} xs={24} sm={12} lg={8} xxl={6}>
            <BankCard
              bank={bank}
              copying={copyingId === bank.bankId}
              onOpen={props.onOpen}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onCopy={props.onCopy}
            />
          </Col>
        ))}
      </Row>
      <div className="kp-bank-page__pager">
        <Pagination
          current={list.page}
          pageSize={BANK_PAGE_SIZE}
          total={banks.data?.total ?? 0}
          showTotal={(total) => `共 ${total} 个题库`}
          showSizeChanger={false}
          onChange={list.setPage}
        />
      </div>
    </>
  );
}
