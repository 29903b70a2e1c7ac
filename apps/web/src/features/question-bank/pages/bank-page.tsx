import { useState, type ReactNode } from 'react';
import { App, Button, Col, Input, Pagination, Row, Segmented, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { pageAfterDelete } from '../../../components/data-table';
import {
  bankKeys,
  copyBank,
  createBank,
  deleteBanks,
  fetchBankTags,
  fetchBanks,
  fetchCategories,
  modifyBank,
  type BankInput,
  type BankRow,
  type BankScope,
} from '../api';
import { BankCard } from '../components/bank-card';
import { BankFormModal } from '../components/bank-form-modal';
import { MoveAndDeleteModal } from '../components/move-and-delete-modal';
import { ApiError } from '../../../lib/http';
import '../question-bank.css';

const PAGE_SIZE = 12;
const SCOPES: { value: BankScope; label: string }[] = [
  { value: 'mine', label: '我的题库' },
  { value: 'public', label: '公开题库' },
];

/**
 * The question banks with the spec's 我的题库 / 公开题库 toggle. With `fixedCategory` (测评题库) it shows
 * and creates only banks of that category.
 */
export function BankPage({
  title,
  hint,
  fixedCategory,
}: {
  title: string;
  hint: string;
  fixedCategory?: string;
}): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<BankScope>('mine');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [editing, setEditing] = useState<BankRow | 'new' | null>(null);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [moving, setMoving] = useState<BankRow | null>(null);

  const query = {
    scope,
    page: page - 1,
    size: PAGE_SIZE,
    keyword,
    category: fixedCategory ?? category,
    tagIds: scope === 'mine' ? tagIds : [],
  };
  const banks = useQuery({
    queryKey: bankKeys.list(query),
    queryFn: () => fetchBanks(query),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: bankKeys.categories(scope),
    queryFn: () => fetchCategories(scope),
    enabled: fixedCategory === undefined,
  });
  const tags = useQuery({ queryKey: bankKeys.tags, queryFn: fetchBankTags });
  const refresh = () => queryClient.invalidateQueries({ queryKey: bankKeys.all });

  const save = useMutation({
    mutationFn: (input: BankInput) =>
      editing && editing !== 'new' ? modifyBank(editing.bankId, input) : createBank(input),
    onSuccess: (bank) => {
      message.success(editing === 'new' ? `已创建题库「${bank.name}」` : `已保存题库「${bank.name}」`);
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: ({ bank, moveTo }: { bank: BankRow; moveTo?: number }) => deleteBanks([bank.bankId], moveTo),
    onSuccess: (result, { bank }) => {
      message.success(
        result.moved > 0
          ? `已移动 ${result.moved} 道试题并删除题库「${bank.name}」`
          : `已删除题库「${bank.name}」`,
      );
      setMoving(null);
      // The last card of a page went: show the previous page.
      setPage(pageAfterDelete(page, (banks.data?.data.length ?? 0) - 1));
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['questions'] });
    },
    onError: (error, { bank, moveTo }) => {
      // Refused because the bank still holds questions: offer moving them first.
      if (moveTo === undefined && error instanceof ApiError && error.status === 409) setMoving(bank);
    },
  });
  const copy = useMutation({
    mutationFn: (bank: BankRow) => {
      setCopyingId(bank.bankId);
      return copyBank(bank.bankId);
    },
    onSuccess: (bank) => {
      message.success(`已复制到我的题库：「${bank.name}」（${bank.questionCount} 题）`);
      void refresh();
    },
    onSettled: () => setCopyingId(null),
  });

  const changeScope = (next: BankScope) => {
    setScope(next);
    setPage(1);
    setCategory(undefined);
    setTagIds([]);
  };

  const openBank = (bank: BankRow) => {
    const list = fixedCategory === undefined ? '/manage/question/list' : '/manage/evaluate/question/list';
    void navigate(
      bank.isPublic
        ? `/manage/question/list?scope=public&bankId=${bank.bankId}`
        : `${list}?bankId=${bank.bankId}`,
    );
  };

  const rows = banks.data?.data ?? [];
  let content: ReactNode;
  if (banks.isPending) content = <PageLoading />;
  else if (banks.isError) content = <PageError onRetry={() => void banks.refetch()} />;
  else if (rows.length === 0)
    content = (
      <PageEmpty description={scope === 'mine' ? '暂无题库' : '暂无公开题库'}>
        {scope === 'mine' ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            新建题库
          </Button>
        ) : null}
      </PageEmpty>
    );
  else
    content = (
      <>
        <Row gutter={[16, 16]}>
          {rows.map((bank) => (
            <Col key={bank.bankId} xs={24} sm={12} lg={8} xxl={6}>
              <BankCard
                bank={bank}
                copying={copyingId === bank.bankId}
                onOpen={openBank}
                onEdit={setEditing}
                onDelete={(target) => remove.mutate({ bank: target })}
                onCopy={(target) => copy.mutate(target)}
              />
            </Col>
          ))}
        </Row>
        <div className="kp-bank-page__pager">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={banks.data?.total ?? 0}
            showTotal={(total) => `共 ${total} 个题库`}
            showSizeChanger={false}
            onChange={setPage}
          />
        </div>
      </>
    );

  return (
    <div className="kp-page kp-bank-page">
      <header className="kp-page__header">
        <Typography.Title level={3}>{title}</Typography.Title>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </header>
      <div className="kp-bank-page__body">
        <div className="kp-bank-page__filters">
          <Segmented<BankScope> options={SCOPES} value={scope} onChange={changeScope} />
          <Input.Search
            allowClear
            placeholder="搜索题库名称"
            style={{ width: 220 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
          {fixedCategory === undefined ? (
            <Select
              allowClear
              placeholder="全部分类"
              style={{ width: 160 }}
              value={category}
              options={(categories.data ?? []).map((value) => ({ value, label: value }))}
              onChange={(value: string | undefined) => {
                setCategory(value);
                setPage(1);
              }}
            />
          ) : null}
          {scope === 'mine' ? (
            <Select
              mode="multiple"
              allowClear
              placeholder="按标签筛选"
              style={{ minWidth: 180 }}
              value={tagIds}
              options={(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))}
              optionFilterProp="label"
              onChange={(value: number[]) => {
                setTagIds(value);
                setPage(1);
              }}
            />
          ) : null}
          <span className="kp-bank-page__spacer" />
          {scope === 'mine' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建题库
            </Button>
          ) : null}
        </div>
        {content}
      </div>
      <MoveAndDeleteModal
        bank={moving}
        deleting={remove.isPending}
        onSubmit={(moveTo) => {
          if (moving) remove.mutate({ bank: moving, moveTo });
        }}
        onCancel={() => setMoving(null)}
      />
      <BankFormModal
        open={editing !== null}
        bank={editing === 'new' ? null : editing}
        saving={save.isPending}
        categories={categories.data ?? []}
        tags={tags.data ?? []}
        fixedCategory={fixedCategory}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
