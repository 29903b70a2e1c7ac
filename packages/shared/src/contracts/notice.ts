/**
 * Notices and messages (spec §7 "Notices", §9 message bell and message box): what the signed-in user
 * received, and what administrators send.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../account';
import { countReply, endpoint, envelopeOf, idOf, pageOf, pagedQuery, paging } from './common';

const N = '/user/api/v1/notice';
const M = '/user/api/v1/user';

/** A notice or message as the caller received it (one row per recipient). */
export const noticeRow = z.object({
  /** Id of the caller's receipt (spec: noticeReceiveId). */
  noticeReceiveId: z.number(),
  title: z.string().nullable(),
  content: z.string(),
  /** 1 unread, 0 read. */
  status: z.number(),
  /** 0 message from a person, 1 system notice. */
  type: z.number(),
  /** Epoch milliseconds. */
  sendTime: z.number(),
  senderName: z.string().nullable(),
  /** The in-app page the notice is about (e.g. the exam's page for its candidates); null for none. */
  link: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

const STATUS_MESSAGE = '状态只能是 0（已读）或 1（未读）';

export const noticeContracts = {
  list: endpoint({
    method: 'GET',
    path: `${N}/get/notices`,
    tag: '通知',
    summary: '我的通知（分页，最新在前；status=1 仅未读，0 仅已读）',
    query: pagedQuery({
      status: z.coerce
        .number<number | string>({ error: STATUS_MESSAGE })
        .int(STATUS_MESSAGE)
        .min(0, STATUS_MESSAGE)
        .max(1, STATUS_MESSAGE)
        .optional(),
    }),
    response: pageOf(noticeRow),
  }),
  read: endpoint({
    method: 'POST',
    path: `${N}/read`,
    tag: '通知',
    summary: '标记通知为已读（请求体为 noticeReceiveId 列表）',
    body: z.array(idOf('通知'), { error: '通知必须是列表' }).max(1000, '一次最多 1000 条'),
    response: countReply,
  }),
  readAll: endpoint({
    method: 'POST',
    path: `${N}/read/all`,
    tag: '通知',
    summary: '全部标记为已读',
    response: countReply,
  }),
  hasUnread: endpoint({
    method: 'POST',
    path: `${N}/is/unread`,
    tag: '通知',
    summary: '是否有未读通知',
    response: envelopeOf(z.boolean()),
  }),
  bell: endpoint({
    method: 'POST',
    path: `${M}/message/unread`,
    tag: '消息',
    summary: '消息列表（铃铛，分页，最新在前）',
    query: paging,
    // The spec's request body; the list is always the caller's own.
    body: z
      .object({ type: z.coerce.number().int().optional(), userId: z.coerce.number().int().optional() })
      .nullish(),
    response: pageOf(noticeRow),
  }),
  readMessage: endpoint({
    method: 'POST',
    path: `${M}/message/read`,
    tag: '消息',
    summary: '标记一条消息为已读（messageId 为 noticeReceiveId）',
    query: z.object({ messageId: idOf('消息') }),
    response: countReply,
  }),
  send: endpoint({
    method: 'POST',
    path: `${M}/message`,
    tag: '消息',
    summary: '发送消息给员工或部门（管理员；部门含下级部门）',
    access: 'admin',
    body: z.object({
      title: z.string().trim().max(200, '标题不能超过 200 个字符').optional(),
      content: z.string().trim().min(1, '消息内容不能为空').max(5000, '消息内容不能超过 5000 个字符'),
      userIds: z.array(idOf('接收人')).max(10000).optional(),
      departmentIds: z.array(idOf('部门')).max(1000).optional(),
    }),
    response: countReply,
  }),
  sendSms: endpoint({
    method: 'POST',
    path: `${M}/send/sms/info`,
    tag: '消息',
    summary: '向本组织员工发送短信通知（管理员，限频）',
    access: 'admin',
    body: z.object({
      phone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确'),
      content: z
        .string({ error: '请输入短信内容' })
        .trim()
        .min(1, '短信内容不能为空')
        .max(300, '短信内容不能超过 300 个字符'),
    }),
    response: envelopeOf(z.object({ userId: z.number(), realName: z.string() })),
  }),
};
