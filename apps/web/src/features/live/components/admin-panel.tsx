import { useState } from 'react';
import { Button, Descriptions, Popconfirm, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveStatus } from '@kaopei/shared';
import { toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/time-format';
import {
  endLive,
  exportAttendance,
  fetchAttendance,
  fetchPush,
  liveKeys,
  regenerateKey,
  startLive,
  type LiveAttendanceRow,
} from '../api';

/** What the course's administrators see under the picture: push address and key, start/end, attendance. */
export function AdminPanel({
  sectionId,
  status,
  title,
}: {
  sectionId: number;
  status: LiveStatus;
  title: string;
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const size = 10;
  const push = useQuery({ queryKey: liveKeys.push(sectionId), queryFn: () => fetchPush(sectionId) });
  const attendance = useQuery({
    queryKey: liveKeys.attendance(sectionId, page, size),
    queryFn: () => fetchAttendance(sectionId, page, size),
    refetchInterval: status === 'live' ? 30_000 : false,
  });
  const refreshRoom = () => queryClient.invalidateQueries({ queryKey: liveKeys.room(sectionId) });
  const start = useMutation({
    mutationFn: () => startLive(sectionId),
    onSuccess: () => void refreshRoom().then(() => toast.success('直播已开始')),
  });
  const end = useMutation({
    mutationFn: () => endLive(sectionId),
    onSuccess: () => void refreshRoom().then(() => toast.success('直播已结束')),
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateKey(sectionId),
    onSuccess: (data) => {
      queryClient.setQueryData(liveKeys.push(sectionId), data);
      toast.success('推流码已更换，旧推流码不能再使用');
    },
  });

  return (
    <section className="live-admin" aria-labelledby="live-admin-title">
      <Typography.Title level={5} id="live-admin-title">
        直播管理
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="推流服务器">
          <Typography.Text copyable={{ text: push.data?.serverUrl ?? '' }} data-testid="live-server-url">
            {push.data?.serverUrl ?? '…'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="推流码">
          <Typography.Text copyable={{ text: push.data?.streamKey ?? '' }} code data-testid="live-stream-key">
            {push.data?.streamKey ?? '…'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" className="live-admin-hint">
        在 OBS 的“设置 →
        推流”中选择“自定义”，填入推流服务器和推流码。推流开始后直播自动开始，停止推流后自动结束，录像会转为回放。推流码请勿外传。
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={status === 'live'}
        >
          开始直播
        </Button>
        <Popconfirm
          title="结束后学员将看到“已结束”，确定结束直播？"
          onConfirm={() => end.mutate()}
          okText="结束"
          cancelText="取消"
        >
          <Button danger loading={end.isPending} disabled={status === 'ended'}>
            结束直播
          </Button>
        </Popconfirm>
        <Popconfirm
          title="更换后旧推流码立即失效，确定更换？"
          onConfirm={() => regenerate.mutate()}
          okText="更换"
          cancelText="取消"
        >
          <Button loading={regenerate.isPending} disabled={status === 'live'}>
            更换推流码
          </Button>
        </Popconfirm>
      </Space>

      <div className="live-admin-attendance">
        <Space className="live-admin-attendance-head" wrap>
          <Typography.Title level={5} className="live-admin-subtitle">
            出勤记录（{attendance.data?.total ?? 0} 人）
          </Typography.Title>
          <Button size="small" onClick={() => void exportAttendance(sectionId, title).catch(() => undefined)}>
            导出 Excel
          </Button>
        </Space>
        <Table<LiveAttendanceRow>
          size="small"
          rowKey="userId"
          loading={attendance.isLoading}
          dataSource={attendance.data?.data ?? []}
          scroll={{ x: 520 }}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: attendance.data?.total ?? 0,
            onChange: (next) => setPage(next - 1),
            showSizeChanger: false,
          }}
          columns={[
            { title: '姓名', dataIndex: 'realName' },
            { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '-' },
            { title: '首次进入', dataIndex: 'firstJoinedAt', render: (v: number) => formatDateTime(v) },
            {
              title: '在线（分钟）',
              dataIndex: 'minutes',
              align: 'right',
              render: (v: number) => v.toFixed(1),
            },
          ]}
        />
      </div>
    </section>
  );
}
