import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { PHONE_PATTERN } from '../auth/sms-code.service';
import { hasUnread, listReceived, markAllRead, markRead, sendMessage } from './notice.service';
import { sendSmsInfo } from './sms-info.service';

const idList = z.array(idParam('noticeReceiveId')).max(1000, '一次最多 1000 条');

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/user/api/v1/notice/get/notices',
    {
      schema: {
        tags: ['通知'],
        summary: '我的通知（分页，最新在前；status=1 仅未读，0 仅已读）',
        querystring: zeroBasedPaging.extend({
          status: z.coerce
            .number({ error: 'status 只能是 0 或 1' })
            .int('status 只能是 0 或 1')
            .min(0, 'status 只能是 0 或 1')
            .max(1, 'status 只能是 0 或 1')
            .optional(),
        }),
      },
    },
    async (request) => {
      const { rows, total } = await listReceived(
        db,
        request.ctx,
        toOffset(request.query),
        request.query.status,
      );
      return okPage(rows, total);
    },
  );

  app.post(
    '/user/api/v1/notice/read',
    { schema: { tags: ['通知'], summary: '标记通知为已读', body: idList } },
    async (request) => ok({ count: await markRead(db, request.ctx, request.body) }),
  );

  app.post(
    '/user/api/v1/notice/read/all',
    { schema: { tags: ['通知'], summary: '全部标记为已读' } },
    async (request) => ok({ count: await markAllRead(db, request.ctx) }),
  );

  app.post(
    '/user/api/v1/notice/is/unread',
    { schema: { tags: ['通知'], summary: '是否有未读通知' } },
    async (request) => ok(await hasUnread(db, request.ctx)),
  );

  app.post(
    '/user/api/v1/user/message/unread',
    {
      schema: {
        tags: ['消息'],
        summary: '消息列表（铃铛，分页，最新在前）',
        querystring: zeroBasedPaging,
        body: z
          .object({ type: z.coerce.number().int().optional(), userId: z.coerce.number().int().optional() })
          .optional(),
      },
    },
    async (request) => {
      const { rows, total } = await listReceived(db, request.ctx, toOffset(request.query));
      return okPage(rows, total);
    },
  );

  app.post(
    '/user/api/v1/user/message/read',
    {
      schema: {
        tags: ['消息'],
        summary: '标记一条消息为已读',
        querystring: z.object({ messageId: idParam('messageId') }),
      },
    },
    async (request) => ok({ count: await markRead(db, request.ctx, [request.query.messageId]) }),
  );

  app.post(
    '/user/api/v1/user/message',
    {
      config: { admin: true },
      schema: {
        tags: ['消息'],
        summary: '发送消息给员工或部门（管理员）',
        body: z.object({
          title: z.string().trim().max(200, '标题不能超过 200 个字符').optional(),
          content: z.string().trim().min(1, '消息内容不能为空').max(5000, '消息内容不能超过 5000 个字符'),
          userIds: z.array(idParam('userIds')).max(10000).optional(),
          departmentIds: z.array(idParam('departmentIds')).max(1000).optional(),
        }),
      },
    },
    async (request) => {
      const count = await sendMessage(db, request.ctx, request.body);
      await recordActivity(db, {
        organizationId: request.ctx.organizationId,
        actorId: request.ctx.userId,
        action: 'message',
        detail: `${request.ctx.realName} 向 ${count} 人发送了消息`,
      });
      return ok({ count });
    },
  );

  app.post(
    '/user/api/v1/user/send/sms/info',
    {
      config: { admin: true },
      schema: {
        tags: ['消息'],
        summary: '向本组织员工发送短信通知（管理员，限频）',
        body: z.object({
          phone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确'),
          content: z
            .string({ error: '请输入短信内容' })
            .trim()
            .min(1, '短信内容不能为空')
            .max(300, '短信内容不能超过 300 个字符'),
        }),
      },
    },
    async (request) => ok(await sendSmsInfo(app.deps, request.ctx, request.body.phone, request.body.content)),
  );
};
