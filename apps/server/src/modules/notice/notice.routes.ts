import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { noticeContracts } from '@kaopei/shared/contracts/notice';
import { ok, okPage } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { routes } from '../../core/route';
import { hasUnread, listReceived, markAllRead, markRead, sendMessage } from './notice.service';
import { sendSmsInfo } from './sms-info.service';

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, noticeContracts, {
    list: async (request) => {
      const { page, size, status } = request.query;
      const { rows, total } = await listReceived(db, request.ctx, toOffset({ page, size }), status);
      return okPage(rows, total);
    },
    read: async (request) => ok({ count: await markRead(db, request.ctx, request.body) }),
    readAll: async (request) => ok({ count: await markAllRead(db, request.ctx) }),
    hasUnread: async (request) => ok(await hasUnread(db, request.ctx)),
    bell: async (request) => {
      const { rows, total } = await listReceived(db, request.ctx, toOffset(request.query));
      return okPage(rows, total);
    },
    readMessage: async (request) => ok({ count: await markRead(db, request.ctx, [request.query.messageId]) }),
    send: async (request) => {
      const count = await sendMessage(db, request.ctx, request.body);
      await recordActivity(db, {
        organizationId: request.ctx.organizationId,
        actorId: request.ctx.userId,
        action: 'message',
        detail: `${request.ctx.realName} 向 ${count} 人发送了消息`,
      });
      return ok({ count });
    },
    sendSms: async (request) =>
      ok(await sendSmsInfo(app.deps, request.ctx, request.body.phone, request.body.content)),
  });
};
