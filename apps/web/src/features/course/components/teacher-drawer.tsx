import { useState, type ReactNode } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { StaffSinglePicker } from '../../../components/staff-picker';
import { PageError } from '../../../app/page-states';
import { showErrorOnForm } from '../../../lib/form-errors';
import { courseKeys, deleteTeacher, fetchTeachers, saveTeacher, type TeacherRow } from '../api';

interface TeacherValues {
  name: string;
  title?: string;
  intro?: string;
  userId?: number | null;
}

function TeacherDialog({
  teacher,
  onClose,
}: {
  teacher: TeacherRow | 'new' | null;
  onClose: (saved: boolean) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<TeacherValues>();
  const editing = teacher !== null && teacher !== 'new' ? teacher : null;
  const save = useMutation({
    mutationFn: (values: TeacherValues) =>
      saveTeacher(editing?.teacherId ?? null, {
        name: values.name.trim(),
        title: values.title?.trim() || null,
        intro: values.intro?.trim() || null,
        ...(values.userId !== undefined ? { userId: values.userId } : {}),
      }),
    onSuccess: (row) => {
      message.success(`已保存讲师「${row.name}」`);
      onClose(true);
    },
    onError: (error) => showErrorOnForm(form, error),
  });
  return (
    <Modal
      open={teacher !== null}
      title={editing ? '编辑讲师' : '新增讲师'}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      afterOpenChange={(visible) => {
        if (!visible) return;
        form.resetFields();
        if (editing)
          form.setFieldsValue({ name: editing.name, title: editing.title ?? '', intro: editing.intro ?? '' });
      }}
    >
      <Form form={form} layout="vertical" name="kp-teacher-form" onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="name"
          label="讲师姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入讲师姓名' },
            { max: 50, message: '讲师姓名不能超过 50 个字符' },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="title" label="头衔" rules={[{ max: 100, message: '头衔不能超过 100 个字符' }]}>
          <Input maxLength={100} placeholder="如 高级工程师" />
        </Form.Item>
        <Form.Item name="intro" label="简介" rules={[{ max: 2000, message: '简介不能超过 2000 个字符' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="userId"
          label="关联员工"
          extra={
            editing?.userName ? `当前关联：${editing.userName}` : '内部讲师可关联本组织的员工；外聘讲师留空'
          }
        >
          <StaffSinglePicker
            aria-label="关联员工"
            onPick={(staff) => form.setFieldValue('userId', staff?.userId ?? null)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 讲师管理: the organisation's teachers, searched, added, edited and deleted in a drawer. */
export function TeacherDrawer({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [editing, setEditing] = useState<TeacherRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: courseKeys.teacherList(keyword, paging.page - 1, paging.size),
    queryFn: () => fetchTeachers(keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: courseKeys.teachers });
  const remove = useMutation({
    mutationFn: (row: TeacherRow) => deleteTeacher(row.teacherId),
    onSuccess: (_r, row) => {
      message.success(`已删除讲师「${row.name}」`);
      refresh();
    },
  });
  const columns: DataTableColumn<TeacherRow>[] = [
    { title: '姓名', dataIndex: 'name' },
    { title: '头衔', dataIndex: 'title', render: (_v, row) => row.title ?? '—' },
    { title: '关联员工', dataIndex: 'userName', render: (_v, row) => row.userName ?? '外聘' },
    { title: '授课数', dataIndex: 'courseCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(row)}
            aria-label={`编辑讲师「${row.name}」`}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除讲师「${row.name}」`}
            onClick={() =>
              modal.confirm({
                title: `删除讲师「${row.name}」？`,
                content:
                  row.courseCount > 0
                    ? `该讲师正在讲授 ${row.courseCount} 门课程，需先在课程中更换讲师。`
                    : '此操作不可撤销。',
                okText: '删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => remove.mutateAsync(row),
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Drawer open={open} onClose={onClose} title="讲师管理" size="large" destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder="讲师姓名 / 头衔"
          aria-label="搜索讲师"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 220 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增讲师
        </Button>
      </Space>
      {list.isError ? (
        <PageError description="讲师加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TeacherRow>
          rowKey="teacherId"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          total={list.data?.total ?? 0}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
        />
      )}
      {!list.isPending && (list.data?.total ?? 0) === 0 ? (
        <Typography.Paragraph type="secondary">还没有讲师，点击“新增讲师”添加。</Typography.Paragraph>
      ) : null}
      <TeacherDialog
        teacher={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
    </Drawer>
  );
}
