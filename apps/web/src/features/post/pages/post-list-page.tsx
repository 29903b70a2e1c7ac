import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Select, Space, TreeSelect, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { ExcelImportDialog } from '../../../components/excel-import-dialog';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import {
  deletePost,
  downloadPostTemplate,
  exportPosts,
  fetchDepartmentOptions,
  fetchPosts,
  fetchPostTags,
  postKeys,
  startPostImport,
  type PostRow,
} from '../api';
import { ALL_FAMILIES, FamilyTreePanel } from '../components/family-tree-panel';
import { PostFormModal } from '../components/post-form-modal';
import { staffingText } from '../post-rules';
import '../post.css';
import { ColorTag } from '../../../components/color-tag';

export const detailPath = (postId: number) => `/manage/post/detail?postId=${postId}`;

/** The list's filter (a narrower PostFilter: ids as numbers). */
interface ListFilter {
  familyId?: number;
  keyword?: string;
  departmentId?: number | null;
  tagIds?: number[];
}

interface FilterValues {
  keyword?: string;
  departmentId?: number | null;
  tagIds?: number[];
}

function PostFilterForm({ onSearch }: { onSearch: (values: FilterValues) => void }): ReactNode {
  const [form] = Form.useForm<FilterValues>();
  const departments = useQuery({ queryKey: postKeys.departments, queryFn: fetchDepartmentOptions });
  const tags = useQuery({ queryKey: postKeys.tags, queryFn: fetchPostTags });
  type Option = { value: number; title: string; children?: Option[] };
  const toOptions = (nodes: typeof departments.data): Option[] =>
    (nodes ?? []).map((n) => ({ value: n.departmentId, title: n.name, children: toOptions(n.children) }));
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      name="kp-post-filter"
      aria-label="岗位筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() })}
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="岗位名称 / 编码" aria-label="关键词" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="departmentId">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="所属部门"
          aria-label="所属部门"
          style={{ width: 180 }}
          treeData={toOptions(departments.data)}
        />
      </Form.Item>
      <Form.Item name="tagIds">
        <Select
          mode="multiple"
          allowClear
          placeholder="岗位标签"
          aria-label="岗位标签"
          style={{ minWidth: 160 }}
          options={(tags.data ?? []).map((t) => ({ label: t.name, value: t.tagId }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function columns(
  onEdit: (row: PostRow) => void,
  onDelete: (row: PostRow) => void,
): DataTableColumn<PostRow>[] {
  return [
    {
      title: '岗位名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={detailPath(row.postId)}>{row.name}</Link>,
    },
    { title: '岗位编码', dataIndex: 'code', render: (_v, row) => row.code ?? '—' },
    { title: '岗位序列', dataIndex: 'familyName', render: (_v, row) => row.familyName ?? '未归类' },
    { title: '职级', dataIndex: 'grade', width: 80, render: (_v, row) => row.grade ?? '—' },
    {
      title: '所属部门',
      key: 'departments',
      render: (_v, row) => row.departments.map((d) => d.name).join('、') || '—',
    },
    {
      title: '标签',
      key: 'tags',
      render: (_v, row) =>
        row.tags.length === 0
          ? '—'
          : row.tags.map((t) => (
              <ColorTag key={t.tagId} color={t.color}>
                {t.name}
              </ColorTag>
            )),
    },
    {
      title: '在岗 / 编制',
      key: 'staffing',
      width: 110,
      render: (_v, row) => staffingText(row.staffCount, row.headcount),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Link to={detailPath(row.postId)} className="ant-btn ant-btn-link ant-btn-sm">
            详情
          </Link>
          <Button type="link" size="small" onClick={() => onEdit(row)} aria-label={`编辑岗位「${row.name}」`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除岗位「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/post/list: the 岗位序列 tree on the left, the posts of the chosen family on the right. */
export default function PostListPage(): ReactNode {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ postId: number | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useListPage<PostRow, ListFilter, { count: number }>({
    initialFilter: {},
    queryKey: (filter, page, size) => postKeys.list(filter, page, size),
    fetchPage: (filter, page, size) => fetchPosts(filter, page, size),
    rowKey: 'postId',
    invalidate: [postKeys.all],
    remove: ([row]) => deletePost((row as PostRow).postId),
    onRemoved: (_r, [row]) => message.success(`已删除岗位「${row?.name ?? ''}」`),
  });
  const familyId = list.filter.familyId ?? ALL_FAMILIES;
  const confirmDelete = (row: PostRow) =>
    list.confirmDelete([row], {
      title: `删除岗位「${row.name}」？`,
      content:
        row.staffCount > 0
          ? `该岗位有 ${row.staffCount} 名员工，删除后他们的岗位将被清空；被考试引用的岗位不能删除。`
          : '删除后岗位的能力模型与知识关联一并删除，此操作不可撤销。',
    });

  return (
    <div className="kp-page kp-post-page">
      <Card className="kp-post-page__tree" size="small">
        <FamilyTreePanel
          selectedId={familyId}
          onSelect={(id) => list.updateFilter({ familyId: id === ALL_FAMILIES ? undefined : id })}
          editable
        />
      </Card>
      <Card className="kp-post-page__main" size="small">
        <div className="kp-post-page__bar">
          <PostFilterForm
            onSearch={(values) =>
              list.updateFilter({ keyword: undefined, departmentId: undefined, tagIds: undefined, ...values })
            }
          />
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ postId: null })}>
              新建岗位
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void exportPosts(list.filter).catch(() => undefined)}
            >
              导出
            </Button>
          </Space>
        </div>
        {list.query.isError ? (
          <PageError description="岗位加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<PostRow>
            {...list.tableProps}
            selectable={false}
            columns={columns((row) => setEditing({ postId: row.postId }), confirmDelete)}
            showIndex
            scrollX={1100}
          />
        )}
        {!list.query.isPending && list.rows.length === 0 && !list.query.isError ? (
          <Typography.Paragraph type="secondary" className="kp-post-page__empty">
            {familyId === ALL_FAMILIES ? '还没有岗位，点击“新建岗位”或“导入”开始。' : '该序列下还没有岗位。'}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <PostFormModal
        open={editing !== null}
        postId={editing?.postId ?? null}
        defaultFamilyId={familyId === ALL_FAMILIES ? null : familyId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refresh();
        }}
      />
      <ExcelImportDialog
        open={importing}
        title="导入岗位"
        hint="按模板填写岗位信息后上传：岗位名称必填；岗位序列和部门填写完整路径，如“技术序列/研发”“技术部/研发组”，多个部门用“；”分隔。"
        unit="个岗位"
        downloadTemplate={downloadPostTemplate}
        start={startPostImport}
        onClose={() => setImporting(false)}
        onImported={() => void list.refresh()}
      />
    </div>
  );
}
