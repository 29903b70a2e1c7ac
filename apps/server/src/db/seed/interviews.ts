import crypto from 'node:crypto';
import { interviewInterviewers, interviewScorecards, interviews, postAbilities, abilities } from '../schema';
import { asc, eq } from 'drizzle-orm';
import { DAY_MS, need, type Demo } from './demo';

/** The demo's video interviews (titles the seed test and the e2e journey look for). */
export const DEMO_INTERVIEWS = {
  today: 'Java开发工程师 技术面试（今天）',
  tomorrow: 'Java开发工程师 二面',
  product: '产品经理 初试',
  past: '测试工程师 技术面试（已结束）',
} as const;

const HOUR = 3600_000;

/** A few scheduled interviews (one today, open now), one past with a scorecard, each with a post. */
export async function seedDemoInterviews(demo: Demo): Promise<void> {
  const admin = need(demo.people, 'admin');
  const zhangsan = need(demo.people, 'zhangsan');
  const java = need(demo.posts, 'Java开发工程师');
  const tester = need(demo.posts, '测试工程师');
  // Today's interview started a quarter of an hour ago: its invitation link works right away.
  const now = Math.floor(demo.now / 60_000) * 60_000;
  const plan = [
    {
      title: DEMO_INTERVIEWS.today,
      postId: java,
      name: '陈一鸣',
      start: now - 15 * 60_000,
      hours: 2,
      people: [admin, zhangsan],
    },
    {
      title: DEMO_INTERVIEWS.tomorrow,
      postId: java,
      name: '刘思远',
      start: now + DAY_MS,
      hours: 1,
      people: [admin],
    },
    {
      title: DEMO_INTERVIEWS.product,
      postId: need(demo.posts, '产品经理'),
      name: '赵雨桐',
      start: now + 2 * DAY_MS,
      hours: 1,
      people: [admin],
    },
    {
      title: DEMO_INTERVIEWS.past,
      postId: tester,
      name: '周子涵',
      start: now - 3 * DAY_MS,
      hours: 1,
      people: [admin],
    },
  ];
  const rows = await demo.db
    .insert(interviews)
    .values(
      plan.map((p, i) => ({
        organizationId: demo.organizationId,
        title: p.title,
        applicantName: p.name,
        applicantPhone: `1390000${String(1001 + i).padStart(4, '0')}`,
        applicantEmail: `candidate${i + 1}@example.com`,
        postId: p.postId,
        startAt: new Date(p.start),
        endAt: new Date(p.start + p.hours * HOUR),
        inviteNonce: crypto.randomBytes(12).toString('hex'),
        recordingEnabled: i === 0 ? 1 : 0,
        createdBy: admin,
      })),
    )
    .returning({ id: interviews.id, title: interviews.title });
  await demo.db
    .insert(interviewInterviewers)
    .values(
      rows.flatMap((row, i) =>
        plan[i]!.people.map((userId) => ({
          interviewId: row.id,
          userId,
          organizationId: demo.organizationId,
        })),
      ),
    );
  const past = rows.find((r) => r.title === DEMO_INTERVIEWS.past)!;
  const model = await demo.db
    .select({ abilityId: postAbilities.abilityId, name: abilities.name })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .where(eq(postAbilities.postId, tester))
    .orderBy(asc(postAbilities.sort));
  await demo.db.insert(interviewScorecards).values({
    organizationId: demo.organizationId,
    interviewId: past.id,
    interviewerId: admin,
    scores: model.map((m, i) => ({
      abilityId: m.abilityId,
      abilityName: m.name,
      score: 3 + (i % 2),
      comment: '',
    })),
    comment: '测试思路清晰，自动化经验尚浅。',
    recommendation: 'yes',
  });
}
