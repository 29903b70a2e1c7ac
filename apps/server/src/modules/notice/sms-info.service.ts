import type { Deps } from '../../core/deps';
import type { RequestContext } from '../../core/context';
import { notFound, tooManyRequests } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { findActiveMemberByPhone } from './notice.repo';

/** Text messages an administrator may send: per sender per hour, and per recipient per hour. */
export const SMS_INFO_PER_SENDER_PER_HOUR = 30;
export const SMS_INFO_PER_PHONE_PER_HOUR = 5;

/**
 * Sends a text message from an administrator to a staff member of the same organisation through the
 * SMS adapter. The phone must belong to an active member of the organisation (others are "not found").
 */
export async function sendSmsInfo(
  deps: Deps,
  ctx: RequestContext,
  phone: string,
  content: string,
): Promise<{ userId: number; realName: string }> {
  const { db, rateLimiter } = deps;
  const recipient = await findActiveMemberByPhone(db, ctx, phone);
  if (!recipient) throw notFound('该手机号不属于本组织的在职员工');

  if ((await rateLimiter.hit(`sms-info:sender:${ctx.userId}`, 3600)) > SMS_INFO_PER_SENDER_PER_HOUR) {
    throw tooManyRequests(`每小时最多发送 ${SMS_INFO_PER_SENDER_PER_HOUR} 条短信，请稍后再试`);
  }
  if ((await rateLimiter.hit(`sms-info:phone:${phone}`, 3600)) > SMS_INFO_PER_PHONE_PER_HOUR) {
    throw tooManyRequests('向该员工发送短信过于频繁，请稍后再试');
  }
  await deps.sms.send({ phone, content: `【考培】${recipient.organizationName}：${content}` });
  await recordActivity(db, {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: 'sms',
    detail: `${ctx.realName} 向 ${recipient.realName} 发送了短信通知`,
  });
  return { userId: recipient.id, realName: recipient.realName };
}
