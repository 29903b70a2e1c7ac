import { useState, type ReactNode } from 'react';
import { App, Button, Drawer, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import {
  deleteCampus,
  fetchApplications,
  fetchCampus,
  recruitKeys,
  saveCampus,
  type ApplicationFilter,
  type ApplicationRow,
  type CampusFilter,
  type CampusInput,
  type CampusRow,
} from '../api';
import { applicationColumns } from '../components/application-table';
import { CampusFormModal } from '../components/campus-form-modal';
import { CampusQrModal } from '../components/campus-qr-modal';
import '../recruitment.css';

interface CampusActions {
  qr: (row: CampusRow) => void;
  people: (row: CampusRow) => void;
  edit: (row: CampusRow) => void;
  remove: (row: CampusRow) => void;
}

function useColumns(actions: CampusActions): DataTableColumn<CampusRow>[] {
  return [
    { title: '学校', dataIndex: 'school', width: 160 },
    { title: '宣讲时间', dataIndex: 'heldAt', width: 160, render: (v) => formatDateTime(v as number) },
    { title: '地点', dataIndex: 'place', width: 160 },
    {
      title: '招聘职位',
      dataIndex: 'jobs',
      width: 220,
      render: (_, row) => row.jobs.map((j) => j.name).join('、'),
    },
    { title: '报名人数', dataIndex: 'applicants', width: 90 },
    {
      title: '操作',
      width: 260,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => actions.qr(row)}>
            报名二维码
          </Button>
          <Button type="link" onClick={() => actions.people(row)}>
            报名者
          </Button>
          <Button type="link" onClick={() => actions.edit(row)}>
            编辑
          </Button>
          <Button type="link" danger onClick={() => actions.remove(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

function SessionApplicants({ session }: { session: CampusRow }): ReactNode {
  const list = useListPage<ApplicationRow, ApplicationFilter>({
    initialFilter: { campusSessionId: session.sessionId },
    queryKey: recruitKeys.applications,
    fetchPage: fetchApplications,
    rowKey: 'applicationId',
    invalidate: [recruitKeys.all],
  });
  return (
    <DataTable<ApplicationRow>
      {...list.tableProps}
      selectable={false}
      autoHeight={false}
      columns={applicationColumns(false)}
      scrollX={1200}
    />
  );
}

/** /manage/recruitment/school: campus sessions — CRUD, sign-up QR code, the session's applicants. */
export default function CampusPage(): ReactNode {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<CampusRow | null | undefined>(undefined);
  const [qr, setQr] = useState<CampusRow | null>(null);
  const [people, setPeople] = useState<CampusRow | null>(null);
  const list = useListPage<CampusRow, CampusFilter>({
    initialFilter: {},
    queryKey: recruitKeys.campus,
    fetchPage: fetchCampus,
    rowKey: 'sessionId',
    invalidate: [recruitKeys.all],
    remove: async (rows) => {
      for (const row of rows) await deleteCampus(row.sessionId);
    },
    onRemoved: () => message.success('场次已删除'),
  });
  const save = useMutation({
    mutationFn: (input: CampusInput) => saveCampus(editing?.sessionId ?? null, input),
    onSuccess: async () => {
      message.success('场次已保存');
      setEditing(undefined);
      await list.refresh();
    },
  });
  const columns = useColumns({
    qr: setQr,
    people: setPeople,
    edit: setEditing,
    remove: (row) =>
      list.confirmDelete([row], {
        title: `删除「${row.school}」场次？`,
        content: '已报名的应聘记录会保留。',
      }),
  });
  return (
    <div className="kp-page">
      <div className="kp-recruit-bar">
        <Input.Search
          placeholder="搜索学校或地点"
          aria-label="搜索场次"
          allowClear
          style={{ width: 240 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        <span className="kp-recruit-bar__grow" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新建场次
        </Button>
      </div>
      {list.query.isError ? (
        <PageError onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<CampusRow>
          {...list.tableProps}
          selectable={false}
          columns={columns}
          showIndex
          scrollX={1100}
        />
      )}
      <CampusFormModal
        open={editing !== undefined}
        row={editing ?? null}
        saving={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => setEditing(undefined)}
      />
      <CampusQrModal row={qr} onClose={() => setQr(null)} />
      <Drawer
        open={people !== null}
        title={`${people?.school ?? ''} 报名者`}
        size="large"
        onClose={() => setPeople(null)}
      >
        {people ? <SessionApplicants session={people} /> : null}
      </Drawer>
    </div>
  );
}
