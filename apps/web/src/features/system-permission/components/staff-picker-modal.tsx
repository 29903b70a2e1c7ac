import { useState, type Key, type ReactNode } from 'react';
import { Input, Modal, Space, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { roleKeys, searchStaff, type StaffSearchRow } from '../api';

const COLUMNS: DataTableColumn<StaffSearchRow>[] = [
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '账号', dataIndex: 'account', width: 140 },
  { title: '工号', dataIndex: 'jobNumber', width: 110 },
  { title: '部门', dataIndex: 'departmentName' },
];

/** Picks active staff of the organisation by keyword (name, account, phone or e-mail). */
export function StaffPickerModal({
  open,
  title,
  saving,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  saving: boolean;
  onOk: (userIds: number[]) => void;
  onCancel: () => void;
}): ReactNode {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);

  const staff = useQuery({
    queryKey: roleKeys.staffSearch(keyword, paging.page, paging.size),
    queryFn: () => searchStaff(keyword, paging.page - 1, paging.size),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const close = () => {
    setSelectedKeys([]);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      okText={selectedKeys.length > 0 ? `添加（${selectedKeys.length}）` : '添加'}
      cancelText="取消"
      okButtonProps={{ disabled: selectedKeys.length === 0 }}
      confirmLoading={saving}
      onOk={() => onOk(selectedKeys.map(Number))}
      onCancel={close}
      afterOpenChange={(visible) => {
        if (!visible) setSelectedKeys([]);
      }}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Input.Search
          placeholder="搜索姓名、账号、手机号或邮箱"
          allowClear
          enterButton="搜索"
          aria-label="搜索员工"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        {staff.isError ? (
          <PageError
            title=""
            description="员工列表加载失败（需要员工管理权限），请稍后重试。"
            onRetry={() => void staff.refetch()}
          />
        ) : (
          <DataTable<StaffSearchRow>
            rowKey="userId"
            columns={COLUMNS}
            dataSource={staff.data?.data ?? []}
            total={staff.data?.total ?? 0}
            loading={staff.isFetching}
            pagination={paging}
            onPageChange={(page, size) => setPaging({ page, size })}
            selectable
            selectedRowKeys={selectedKeys}
            onSelectionChange={(keys) => setSelectedKeys(keys)}
            autoHeight={false}
            size="small"
          />
        )}
        <Typography.Text type="secondary">已是该角色成员的员工再次添加不会重复。</Typography.Text>
      </Space>
    </Modal>
  );
}
