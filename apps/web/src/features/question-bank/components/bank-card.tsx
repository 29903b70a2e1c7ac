import type { ReactNode } from 'react';
import { Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import {
  CopyOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EditOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { BankRow } from '../api';
import { ColorTag } from '../../../components/color-tag';

interface BankCardActionsInput {
  bank: BankRow;
  copying: boolean;
  onOpen: (bank: BankRow) => void;
  onEdit: (bank: BankRow) => void;
  onDelete: (bank: BankRow) => void;
  onCopy: (bank: BankRow) => void;
}

/** 编辑 and 删除 on my banks; 复制到我的题库 and 选题复制 on public ones. */
function bankCardActions({
  bank,
  copying,
  onOpen,
  onEdit,
  onDelete,
  onCopy,
}: BankCardActionsInput): ReactNode[] {
  return bank.editable
    ? [
        <Button key="edit" type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(bank)}>
          编辑
        </Button>,
        <Popconfirm
          key="delete"
          title={`删除题库「${bank.name}」？`}
          description={bank.questionCount > 0 ? '题库中还有试题，需先移动或删除试题。' : '删除后不可恢复。'}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(bank)}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
            删除
          </Button>
        </Popconfirm>,
      ]
    : [
        <Button
          key="copy"
          type="link"
          size="small"
          icon={<CopyOutlined />}
          loading={copying}
          onClick={() => onCopy(bank)}
        >
          复制到我的题库
        </Button>,
        <Button
          key="pick"
          type="link"
          size="small"
          icon={<UnorderedListOutlined />}
          onClick={() => onOpen(bank)}
        >
          选题复制
        </Button>,
      ];
}

/** Name with 公开 and category, tags, counts by type and description. */
function BankCardBody({ bank }: { bank: BankRow }): ReactNode {
  return (
    <>
      <Space size={4} wrap>
        <Typography.Text strong className="kp-bank-card__name" ellipsis={{ tooltip: bank.name }}>
          {bank.name}
        </Typography.Text>
        {bank.isPublic ? <Tag color="green">公开</Tag> : null}
        {bank.category ? <Tag color="blue">{bank.category}</Tag> : null}
      </Space>
      <div className="kp-bank-card__tags">
        {bank.tags.map((tag) => (
          <ColorTag key={tag.tagId} color={tag.color}>
            {tag.name}
          </ColorTag>
        ))}
      </div>
      <Tooltip title={bank.typeCounts.map((count) => `${count.label} ${count.count}`).join('，')}>
        <div className="kp-bank-card__counts" aria-label="各题型试题数">
          <Typography.Text>共 {bank.questionCount} 题</Typography.Text>
          {bank.typeCounts
            .filter((count) => count.count > 0)
            .map((count) => (
              <Typography.Text key={count.type} type="secondary">
                {count.label.replace('题', '')} {count.count}
              </Typography.Text>
            ))}
        </div>
      </Tooltip>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="kp-bank-card__description">
        {bank.description || '暂无描述'}
      </Typography.Paragraph>
    </>
  );
}

/** One bank: cover, name, category, tags, question counts by type, description and its actions. */
export function BankCard({
  bank,
  copying,
  onOpen,
  onEdit,
  onDelete,
  onCopy,
}: {
  bank: BankRow;
  copying: boolean;
  onOpen: (bank: BankRow) => void;
  onEdit: (bank: BankRow) => void;
  onDelete: (bank: BankRow) => void;
  onCopy: (bank: BankRow) => void;
}): ReactNode {
  const actions = bankCardActions({ bank, copying, onOpen, onEdit, onDelete, onCopy });

  return (
    <Card
      className="kp-bank-card"
      data-testid="bank-card"
      hoverable
      cover={
        <div className="kp-bank-card__cover" onClick={() => onOpen(bank)}>
          {bank.coverUrl ? (
            <img src={bank.coverUrl} alt={`${bank.name}封面`} />
          ) : (
            <DatabaseOutlined className="kp-bank-card__placeholder" />
          )}
        </div>
      }
      actions={actions}
    >
      <div className="kp-bank-card__body" onClick={() => onOpen(bank)}>
        <BankCardBody bank={bank} />
      </div>
    </Card>
  );
}
