import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { hasUnread, listReceived, markRead, sendMessage } from './notice.service';

const idList = z.array(idParam('noticeReceiveId')).max(1000, '一次最多 1000 条');

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/user/api/v1/notice/get/notices',
    { schema: { tags: ['通知'], summary: '我的通知（分页）', querystring: zeroBasedPaging } },
    async (request) => {
      const { rows, total } = await listReceived(db, request.ctx, toOffset(request.query));
      return okPage(rows, total);
    },
  );

  app.post(
    '/user/api/v1/notice/read',
    { schema: { tags: ['通知'], summary: '标记通知为已读', body: idList } },
    async (request) => ok({ count: await markRead(db, request.ctx, request.body) }),
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
};
