import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Modal, Select, Spin, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { fetchLeaders, searchStaff, setLeaders, staffKeys, type DepartmentNode } from '../api';

const PICK_SIZE = 20;

/** The leaders chosen so far (starting from the saved ones) and the active staff matching the search. */
function useLeaderChoice(department: DepartmentNode | null) {
  const departmentId = department?.departmentId ?? 0;
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);

  const leaders = useQuery({
    queryKey: staffKeys.leaders(departmentId),
    queryFn: () => fetchLeaders(departmentId),
    enabled: department !== null,
  });
  const candidates = useQuery({
    queryKey: staffKeys.pick(keyword),
    queryFn: () => searchStaff({ keyword: keyword || undefined, status: 0 }, 0, PICK_SIZE),
    enabled: department !== null,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (leaders.data) setChosen(leaders.data.map((leader) => leader.userId));
  }, [leaders.data]);

  const options = useMemo(() => {
    const byId = new Map<number, { label: string; value: number }>();
    for (const leader of leaders.data ?? []) {
      byId.set(leader.userId, {
        value: leader.userId,
        label: `${leader.realName}${leader.departmentName ? `（${leader.departmentName}）` : ''}`,
      });
    }
    for (const person of candidates.data?.data ?? []) {
      byId.set(person.userId, {
        value: person.userId,
        label: `${person.realName}（${person.departmentName ?? person.account}）`,
      });
    }
    return [...byId.values()];
  }, [leaders.data, candidates.data]);
  return { departmentId, setKeyword, chosen, setChosen, leaders, candidates, options };
}

/** Chooses a department's leaders among the organisation's active staff (any department). */
export function LeadersModal({
  department,
  onClose,
}: {
  department: DepartmentNode | null;
  onClose: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const { departmentId, setKeyword, chosen, setChosen, leaders, candidates, options } =
    useLeaderChoice(department);

  const save = useMutation({
    mutationFn: () => setLeaders(departmentId, chosen),
    onSuccess: () => {
      message.success('部门负责人已保存');
      onClose();
    },
  });

  return (
    <Modal
      open={department !== null}
      title={`设置负责人 · ${department?.name ?? ''}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: leaders.isPending || leaders.isError }}
      onOk={() => save.mutate()}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        负责人须为在职员工，可以来自任何部门，最多 20 人。
      </Typography.Paragraph>
      {leaders.isError ? (
        <Typography.Text type="danger">负责人加载失败，请关闭后重试。</Typography.Text>
      ) : (
        <Select<number[]>
          mode="multiple"
          style={{ width: '100%' }}
          placeholder="输入姓名、账号或手机号搜索员工"
          aria-label="部门负责人"
          value={chosen}
          onChange={setChosen}
          options={options}
          loading={leaders.isPending}
          maxCount={20}
          showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
          notFoundContent={candidates.isFetching ? <Spin size="small" /> : '没有匹配的在职员工'}
        />
      )}
    </Modal>
  );
}
