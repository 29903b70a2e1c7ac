import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button, Checkbox, Pagination, Space, Tabs, Typography } from 'antd';
import { CheckOutlined, MailOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { NOTICE_PAGE_SIZE } from '@kaopei/shared';
import { PageHeader } from '../../../components/page-header';
import type { MessageFilter } from '../api';
import type { MessageId } from '../pages/use-message-list';

interface MessageHeaderProps {
  unread: number;
  isAdmin: boolean;
  onCompose: () => void;
  onSms: () => void;
}

/** The page header (as on the admin pages) with the unread count, and an admin's "send message" and "SMS" buttons. */
export function MessageHeader({ unread, isAdmin, onCompose, onSms }: MessageHeaderProps): ReactNode {
  return (
    <PageHeader
      title="消息中心"
      description={unread > 0 ? `${unread} 条未读消息` : '没有未读消息'}
      actions={
        isAdmin ? (
          <Space wrap>
            <Button type="primary" icon={<SendOutlined />} onClick={onCompose} data-testid="compose-message">
              发送消息
            </Button>
            <Button icon={<MessageOutlined />} onClick={onSms}>
              短信通知
            </Button>
          </Space>
        ) : null
      }
    />
  );
}

/** The "all" and "unread" tabs. */
export function MessageTabs({
  filter,
  unread,
  onChange,
}: {
  filter: MessageFilter;
  unread: number;
  onChange: (filter: MessageFilter) => void;
}): ReactNode {
  return (
    <Tabs
      activeKey={filter}
      onChange={(key) => onChange(key as MessageFilter)}
      items={[
        { key: 'all', label: '全部' },
        { key: 'unread', label: unread > 0 ? `未读（${unread}）` : '未读' },
      ]}
    />
  );
}

interface MessageToolbarProps {
  pageIds: MessageId[];
  selected: MessageId[];
  setSelected: Dispatch<SetStateAction<MessageId[]>>;
  unread: number;
  marking: boolean;
  onMarkSelected: () => void;
  onMarkAll: () => void;
}

/** "Select the page", "mark the selected read" and "mark all read". */
export function MessageToolbar({
  pageIds,
  selected,
  setSelected,
  unread,
  marking,
  onMarkSelected,
  onMarkAll,
}: MessageToolbarProps): ReactNode {
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return (
    <div className="kp-message__toolbar">
      <Checkbox
        checked={allOnPage}
        indeterminate={!allOnPage && pageIds.some((id) => selected.includes(id))}
        onChange={(event) =>
          setSelected((current) =>
            event.target.checked
              ? [...new Set([...current, ...pageIds])]
              : current.filter((id) => !pageIds.includes(id)),
          )
        }
        disabled={pageIds.length === 0}
      >
        本页全选
      </Checkbox>
      <Space wrap>
        <Button
          icon={<CheckOutlined />}
          onClick={onMarkSelected}
          disabled={selected.length === 0}
          loading={marking}
          data-testid="mark-selected-read"
        >
          标记所选已读{selected.length ? `（${selected.length}）` : ''}
        </Button>
        <Button
          icon={<MailOutlined />}
          onClick={onMarkAll}
          disabled={unread === 0}
          loading={marking}
          data-testid="mark-all-read"
        >
          全部标为已读
        </Button>
      </Space>
    </div>
  );
}

/** The pager, shown only when there is more than one page. */
export function MessagePager({
  total,
  page,
  pageCount,
  onChange,
}: {
  total: number;
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}): ReactNode {
  if (total <= NOTICE_PAGE_SIZE) return null;
  return (
    <div className="kp-message__pager">
      <Typography.Text type="secondary">
        共 {total} 条，第 {page + 1} / {pageCount} 页
      </Typography.Text>
      <Pagination
        current={page + 1}
        pageSize={NOTICE_PAGE_SIZE}
        total={total}
        showSizeChanger={false}
        size="small"
        onChange={(next) => onChange(next - 1)}
      />
    </div>
  );
}
