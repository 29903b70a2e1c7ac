import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Segmented, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import {
  createPaperBank,
  deletePaperBanks,
  modifyPaperBank,
  paperBankKeys,
  searchPaperBanks,
  type PaperBankInput,
  type PaperBankRow,
  type PaperBankScope,
} from '../api';
import { CategoryTreePanel, useCategoryTree } from '../../../components/category-tree-panel';
import { PaperBankFormModal } from '../components/paper-bank-form-modal';

const SCOPES: { value: PaperBankScope; label: string }[] = [
  { value: 'inner', label: '我的试卷库' },
  { value: 'outer', label: '公开试卷库' },
];

/** /manage/paperBankMgt: the category tree on the left, the paper banks of the chosen category on the right. */
export default function PaperBankPage(): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const [categoryId, setCategoryId] = useState(0);
  const [scope, setScope] = useState<PaperBankScope>('inner');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<PaperBankRow | 'new' | null>(null);

  const query = { scope, keyword, categoryId, page: paging.page - 1, size: paging.size };
  const list = useQuery({
    queryKey: paperBankKeys.list(query),
    queryFn: () => searchPaperBanks(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: paperBankKeys.all });

  const save = useMutation({
    mutationFn: (input: PaperBankInput) =>
      editing && editing !== 'new' ? modifyPaperBank(editing.paperBankId, input) : createPaperBank(input),
    onSuccess: (bank) => {
      message.success(editing === 'new' ? `已新建试卷库「${bank.name}」` : `已保存试卷库「${bank.name}」`);
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deletePaperBanks,
    onSuccess: (result, ids) => {
      message.success(`已删除 ${result.count} 个试卷库`);
      setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      const rows = list.data?.data.length ?? 0;
      if (rows <= ids.length && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
      refresh();
    },
  });

  const confirmDelete = (banks: PaperBankRow[]) =>
    modal.confirm({
      title:
        banks.length === 1
          ? `删除试卷库「${banks[0]?.name ?? ''}」？`
          : `删除选中的 ${banks.length} 个试卷库？`,
      content: '只能删除没有试卷的试卷库。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(banks.map((bank) => bank.paperBankId)).catch(() => undefined),
    });

  const isOuter = scope === 'outer';
  const columns: DataTableColumn<PaperBankRow>[] = [
    { title: '试卷库名称', dataIndex: 'name', slot: 'name' },
    {
      title: '分类',
      dataIndex: 'categoryName',
      width: 160,
      render: (value) => (value ? String(value) : <Typography.Text type="secondary">未分类</Typography.Text>),
    },
    { title: '试卷数', dataIndex: 'paperCount', width: 90 },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (value) => (value ? String(value) : '-'),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (value) => dayjs(Number(value)).format('YYYY-MM-DD HH:mm'),
    },
    { title: '操作', key: 'actions', width: isOuter ? 100 : 200, slot: 'actions', fixed: 'right' },
  ];

  return (
    <div className="kp-paper-bank">
      <Card className="kp-paper-bank__tree" size="small">
        <CategoryTreePanel
          editable
          selectedId={categoryId}
          onSelect={(id) => {
            setCategoryId(id);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Card>
      <Card className="kp-paper-bank__main" size="small">
        <Space wrap className="kp-paper-bank__filters">
          <Segmented<PaperBankScope>
            options={SCOPES}
            value={scope}
            onChange={(next) => {
              setScope(next);
              setSelected([]);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Input.Search
            allowClear
            placeholder="搜索试卷库名称"
            aria-label="搜索试卷库"
            maxLength={50}
            style={{ width: 240 }}
            onSearch={(value) => {
              setKeyword(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Space>
        {list.isError ? (
          <PageError description="试卷库加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
        ) : (
          <div className="kp-paper-bank__table">
            <DataTable<PaperBankRow>
              rowKey="paperBankId"
              columns={columns}
              dataSource={list.data?.data ?? []}
              total={list.data?.total ?? 0}
              loading={list.isFetching}
              pagination={paging}
              onPageChange={(page, size) => setPaging({ page, size })}
              selectable={!isOuter}
              selectedRowKeys={selected}
              onSelectionChange={(keys) => setSelected(keys.map(Number))}
              showIndex
              toolbar={
                isOuter
                  ? []
                  : [
                      {
                        id: 'create',
                        label: '新建试卷库',
                        type: 'primary',
                        onClick: () => setEditing('new'),
                      },
                      {
                        id: 'delete',
                        label: '批量删除',
                        danger: true,
                        disabled: (rows) => rows.length === 0,
                        onClick: (rows) => confirmDelete(rows),
                      },
                    ]
              }
              slots={{
                name: (row) => (
                  <Space size={4}>
                    <span>{row.name}</span>
                    {row.isPublic ? <Tag color="blue">公开</Tag> : null}
                  </Space>
                ),
                actions: (row) => (
                  <Space size={0}>
                    <LinkButton
                      type="link"
                      size="small"
                      to={`/manage/paper/list?paperBankId=${row.paperBankId}`}
                    >
                      查看试卷
                    </LinkButton>
                    {row.editable ? (
                      <>
                        <Button type="link" size="small" onClick={() => setEditing(row)}>
                          编辑
                        </Button>
                        <Button type="link" size="small" danger onClick={() => confirmDelete([row])}>
                          删除
                        </Button>
                      </>
                    ) : null}
                  </Space>
                ),
              }}
            />
          </div>
        )}
      </Card>
      <PaperBankFormModal
        bank={editing}
        defaultCategoryId={categoryId}
        tree={tree.data ?? []}
        saving={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
