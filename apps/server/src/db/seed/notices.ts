import type { DbOrTx } from '../client';
import { noticeReceives, notices } from '../schema';
import type { Demo } from './demo';

/** A welcome from the system to everyone and two notices from the admin to the staff. */
async function seedDemoNotices(
  tx: DbOrTx,
  organizationId: number,
  ids: Record<string, number>,
): Promise<void> {
  const everyone = Object.values(ids);
  const staff = everyone.filter((id) => id !== ids.admin);
  const notes: [number | null, number, string, string, number[]][] = [
    [null, 1, '欢迎使用考培', '欢迎使用考培人才测评与培训平台！您可以在控制台查看组织概况。', everyone],
    [ids.admin ?? null, 0, '培训通知', '本月安全生产培训将于下周一开始，请大家按时参加。', staff],
    [ids.admin ?? null, 0, '考试提醒', '岗位技能考核即将开放报名，请关注后续通知。', staff],
  ];
  for (const [senderId, type, title, content, to] of notes) {
    const [notice] = await tx
      .insert(notices)
      .values({ organizationId, senderId, type, title, content })
      .returning({ id: notices.id });
    if (!notice) throw new Error('notice insert failed');
    await tx.insert(noticeReceives).values(to.map((userId) => ({ noticeId: notice.id, userId })));
  }
}

/** Demo step: the notices of the named demo people (exam notices come with the exams). */
export async function seedDemoNoticesStep(demo: Demo): Promise<void> {
  await seedDemoNotices(demo.db, demo.organizationId, Object.fromEntries(demo.people));
}
