import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Segmented, Select, Slider, Space, Tag, Tooltip } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, QUESTION_TYPES, difficultyLabel, questionTypeLabel } from '@kaopei/shared';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  type DataTableToolbarButton,
} from '../../../components/data-table';
import {
  checkQuestion,
  deleteQuestions,
  exportQuestions,
  fetchBankOptions,
  fetchPublicBankOptions,
  moveQuestions,
  questionKeys,
  searchPublicQuestions,
  searchQuestions,
  type QuestionFilter,
  type QuestionRow,
  type QuestionScope,
} from '../api';
import { bankKeys } from '../../question-bank/api';
import { QuestionEditor } from './question-editor';
import { QuestionImportModal } from './import-modal';
import { QuestionUsageDrawer } from './question-usage-drawer';
import { BatchKnowledgeModal, BatchTagModal, CopyToBankModal } from './batch-modals';
import { answerText } from '../../../lib/question-rules';
import '../question.css';

const STATUS_COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };
const SCOPES: { value: QuestionScope; label: string }[] = [
  { value: 'mine', label: '我的试题' },
  { value: 'public', label: '公开试题' },
];
const STATUS_OPTIONS = [
  { label: '待审核', value: 0 },
  { label: '已通过', value: 1 },
  { label: '已驳回', value: 2 },
];

/** The list's filters as the page keeps them (a chosen bank is a number). */
type ListFilter = QuestionFilter & { bankId?: number | undefined };

interface FilterForm {
  bankId?: number;
  type?: number;
  difficulty?: [number, number];
  status?: number;
  keyword?: string;
}

/**
 * The question list with filters, editor, audit, batch actions, import and export. `bankCategory`
 * limits it to the organisation's banks of that category (测评试题 shows the 测评 banks' questions);
 * without it the list also offers 公开试题, the platform's approved questions, to copy into my banks.
 * `?bankId=` (and `&scope=public`) in the address preselects a bank.
 */
export function QuestionListView({ bankCategory }: { bankCategory?: string }): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<FilterForm>();
  const [scope, setScope] = useState<QuestionScope>('mine');
  const [filter, setFilter] = useState<ListFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ question: QuestionRow | null } | null>(null);
  const [usage, setUsage] = useState<QuestionRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [moveTarget, setMoveTarget] = useState<{ ids: number[]; bankId?: number } | null>(null);
  const [rejecting, setRejecting] = useState<{ question: QuestionRow; reason: string } | null>(null);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const [linking, setLinking] = useState<number[] | null>(null);
  const [copying, setCopying] = useState<number[] | null>(null);
  const isPublic = scope === 'public';

  const banks = useQuery({
    queryKey: questionKeys.banks(bankCategory),
    queryFn: () => fetchBankOptions(bankCategory),
  });
  const publicBanks = useQuery({
    queryKey: questionKeys.publicBanks,
    queryFn: fetchPublicBankOptions,
    enabled: isPublic,
  });
  const bankList = banks.data ?? [];
  const filterBanks = isPublic ? (publicBanks.data ?? []) : bankList;
  const list = useQuery({
    queryKey: questionKeys.list(scope, { ...filter, bankCategory }, paging.page, paging.size),
    queryFn: () =>
      isPublic
        ? searchPublicQuestions(filter, paging.page - 1, paging.size)
        : searchQuestions({ ...filter, bankCategory }, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });

  // A bank page links here with ?bankId= (and scope=public for a public bank).
  const linkedBankId = Number(searchParams.get('bankId')) || undefined;
  const linkedScope: QuestionScope =
    searchParams.get('scope') === 'public' && bankCategory === undefined ? 'public' : 'mine';
  useEffect(() => {
    if (linkedBankId === undefined) return;
    setScope(linkedScope);
    form.resetFields();
    form.setFieldsValue({ bankId: linkedBankId });
    setFilter({ bankId: linkedBankId });
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  }, [linkedBankId, linkedScope, form]);

  const changeScope = (next: QuestionScope) => {
    setScope(next);
    form.resetFields();
    setFilter({});
    setSelected([]);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: questionKeys.all });

  const remove = useMutation({
    mutationFn: deleteQuestions,
    onSuccess: (result) => {
      message.success(`已删除 ${result.count} 道试题`);
      setSelected([]);
      refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ ids, bankId }: { ids: number[]; bankId: number }) => moveQuestions(ids, bankId),
    onSuccess: (result) => {
      message.success(`已移动 ${result.count} 道试题`);
      setMoveTarget(null);
      setSelected([]);
      refresh();
    },
  });
  const audit = useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: 1 | 2; reason?: string }) =>
      checkQuestion(id, status, reason),
    onSuccess: (row) => {
      message.success(row.status === 1 ? '已通过' : '已驳回');
      setRejecting(null);
      refresh();
    },
  });
  const exporting = useMutation({
    mutationFn: exportQuestions,
    onSuccess: (name) => message.success(`已导出 ${name}`),
  });

  const search = (values: FilterForm) => {
    setFilter({
      bankId: values.bankId,
      type: values.type,
      status: isPublic ? undefined : values.status,
      keyword: values.keyword?.trim() || undefined,
      difficultyMin: values.difficulty?.[0],
      difficultyMax: values.difficulty?.[1],
      sortField: filter.sortField,
      sortOrder: filter.sortOrder,
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: `确定删除选中的 ${ids.length} 道试题吗？`,
      content: '删除后不可恢复。',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids),
    });

  const ownToolbar: DataTableToolbarButton<QuestionRow>[] = [
    { id: 'add', label: '新增试题', type: 'primary', onClick: () => setEditing({ question: null }) },
    {
      id: 'delete',
      label: '批量删除',
      danger: true,
      disabled: selected.length === 0,
      onClick: () => confirmDelete(selected),
    },
    {
      id: 'move',
      label: '移动到题库',
      disabled: selected.length === 0,
      onClick: () => setMoveTarget({ ids: selected }),
    },
    {
      id: 'tag',
      label: '批量打标签',
      disabled: selected.length === 0,
      onClick: () => setTagging(selected),
    },
    {
      id: 'knowledge',
      label: '关联知识点',
      disabled: selected.length === 0,
      onClick: () => setLinking(selected),
    },
    { id: 'import', label: '导入', onClick: () => setImportOpen(true) },
    {
      id: 'export',
      label: '导出',
      onClick: () => {
        if (filter.bankId === undefined) {
          message.warning('请先在筛选条件中选择要导出的题库');
          return;
        }
        exporting.mutate(filter.bankId);
      },
    },
  ];
  const publicToolbar: DataTableToolbarButton<QuestionRow>[] = [
    {
      id: 'copy',
      label: '复制到我的题库',
      type: 'primary',
      disabled: selected.length === 0,
      onClick: () => setCopying(selected),
    },
  ];

  const columns: DataTableColumn<QuestionRow>[] = [
    {
      title: '题型',
      dataIndex: 'type',
      key: 'type',
      width: 90,
      sortable: true,
      render: (v) => questionTypeLabel(Number(v)),
    },
    { title: '题干', dataIndex: 'stemText', slot: 'stem' },
    { title: '答案', key: 'answer', width: 160, slot: 'answer' },
    { title: '题库', dataIndex: 'bankName', width: 140 },
    {
      title: '难度',
      dataIndex: 'difficulty',
      key: 'difficulty',
      width: 100,
      sortable: true,
      render: (v) => `${Number(v)}${difficultyLabel(Number(v)) ? ` ${difficultyLabel(Number(v))}` : ''}`,
    },
    ...(isPublic
      ? []
      : [
          {
            title: '状态',
            dataIndex: 'status',
            key: 'status',
            width: 90,
            sortable: true,
            slot: 'status',
          } satisfies DataTableColumn<QuestionRow>,
        ]),
    {
      title: '操作',
      key: 'actions',
      width: isPublic ? 140 : 220,
      slot: isPublic ? 'copy' : 'actions',
      fixed: 'right',
    },
  ];

  return (
    <div className="kp-question-page">
      <Form<FilterForm> form={form} layout="inline" onFinish={search}>
        {bankCategory === undefined ? (
          <Form.Item>
            <Segmented<QuestionScope> options={SCOPES} value={scope} onChange={changeScope} />
          </Form.Item>
        ) : null}
        <Form.Item name="bankId" label="题库">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={bankCategory ? `全部${bankCategory}题库` : '全部题库'}
            aria-label="筛选题库"
            options={filterBanks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
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
          <Slider range min={1} max={10} style={{ width: 140 }} />
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
      </Form>

      <div className="kp-question-page__table">
        <DataTable<QuestionRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          totalCapped={list.data?.totalCapped ?? false}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          onSortChange={(sort: DataTableSort) =>
            setFilter((f) => ({
              ...f,
              sortField: sort.order ? (sort.field as QuestionFilter['sortField']) : undefined,
              sortOrder: sort.order === 'ascend' ? 'asc' : sort.order === 'descend' ? 'desc' : undefined,
            }))
          }
          selectable
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys.map(Number))}
          scrollX={1100}
          toolbar={isPublic ? publicToolbar : ownToolbar}
          slots={{
            stem: (row) => (
              <Tooltip title={row.stemText}>
                <div className="kp-question-stem">{row.stemText || '（图片）'}</div>
              </Tooltip>
            ),
            answer: (row) => <span className="kp-question-stem">{answerText(row)}</span>,
            status: (row) => (
              <Tooltip title={row.status === 2 ? row.auditReason : undefined}>
                <Tag color={STATUS_COLORS[row.status]}>{row.statusLabel}</Tag>
              </Tooltip>
            ),
            copy: (row) => (
              <Button type="link" size="small" onClick={() => setCopying([row.id])}>
                复制到我的题库
              </Button>
            ),
            actions: (row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ question: row })}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setUsage(row)}>
                  引用
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={row.status === 1}
                  onClick={() => audit.mutate({ id: row.id, status: 1 })}
                >
                  通过
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={row.status === 2}
                  onClick={() => setRejecting({ question: row, reason: '' })}
                >
                  驳回
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete([row.id])}>
                  删除
                </Button>
              </Space>
            ),
          }}
        />
      </div>

      <QuestionUsageDrawer question={usage} onClose={() => setUsage(null)} />
      <QuestionEditor
        open={editing !== null}
        question={editing?.question ?? null}
        banks={bankList}
        defaultBankId={filter.bankId}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <BatchTagModal ids={tagging} onClose={() => setTagging(null)} onDone={refresh} />
      <BatchKnowledgeModal ids={linking} onClose={() => setLinking(null)} onDone={refresh} />
      <CopyToBankModal
        ids={copying}
        onClose={() => setCopying(null)}
        onDone={() => {
          setSelected([]);
          refresh();
          void queryClient.invalidateQueries({ queryKey: bankKeys.all });
        }}
      />
      <QuestionImportModal
        open={importOpen}
        banks={bankList}
        defaultBankId={filter.bankId}
        onClose={() => setImportOpen(false)}
        onImported={refresh}
      />
      <Modal
        open={moveTarget !== null}
        title={`移动 ${moveTarget?.ids.length ?? 0} 道试题到题库`}
        okButtonProps={{ disabled: moveTarget?.bankId === undefined, loading: move.isPending }}
        onCancel={() => setMoveTarget(null)}
        onOk={() => {
          if (moveTarget?.bankId !== undefined)
            move.mutate({ ids: moveTarget.ids, bankId: moveTarget.bankId });
        }}
      >
        <Select
          style={{ width: '100%' }}
          placeholder="请选择目标题库"
          aria-label="目标题库"
          value={moveTarget?.bankId}
          onChange={(bankId: number) => setMoveTarget((m) => (m ? { ...m, bankId } : m))}
          options={bankList.map((bank) => ({ label: bank.name, value: bank.bankId }))}
        />
      </Modal>
      <Modal
        open={rejecting !== null}
        title="驳回试题"
        okText="驳回"
        okButtonProps={{ danger: true, disabled: !rejecting?.reason.trim(), loading: audit.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          if (rejecting)
            audit.mutate({ id: rejecting.question.id, status: 2, reason: rejecting.reason.trim() });
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="请填写驳回原因"
          aria-label="驳回原因"
          value={rejecting?.reason ?? ''}
          onChange={(event) => setRejecting((r) => (r ? { ...r, reason: event.target.value } : r))}
        />
      </Modal>
    </div>
  );
}
