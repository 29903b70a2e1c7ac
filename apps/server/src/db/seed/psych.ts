import { and, eq, inArray } from 'drizzle-orm';
import {
  IPIP50_DEFINITION,
  IPIP50_INSTRUCTIONS,
  IPIP50_NAME,
  IPIP50_SOURCE,
  scoreScale,
  type LikertAnswers,
  type ScaleDefinition,
} from '@kaopei/shared';
import { psyExamMembers, psyExams, psyResponses, psyScales, users } from '../schema';
import { dayOf } from '../../modules/psych/psych-learn.repo';
import { DAY_MS, need, type Demo } from './demo';

/** The demo's mental exams (names the e2e journey and the seed test look for). */
export const DEMO_MENTAL_EXAMS = {
  named: '2026 年度员工性格测评',
  anonymous: '员工性格匿名调研',
} as const;

/** A deterministic "random" in [0, 1) from a few integers (the demo is the same on every machine). */
function noise(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ value, 16777619) >>> 0;
  return (h % 10_000) / 10_000;
}

/** One simulated person's answers: a trait level per dimension, each item near it (reverse keys mirrored). */
function answersOf(definition: ScaleDefinition, person: number, salt: number): LikertAnswers {
  const traits = new Map(definition.dimensions.map((d, i) => [d.key, noise(person, i, salt) * 2 - 1]));
  const answers: LikertAnswers = {};
  for (const item of definition.items) {
    const trait = (traits.get(item.dimension) ?? 0) * (item.reverse ? -1 : 1);
    const jitter = noise(person, item.no, salt + 7) * 2 - 1;
    answers[item.no] = Math.min(5, Math.max(1, Math.round(3 + 1.7 * trait + jitter)));
  }
  return answers;
}

async function scheduleDemo(
  demo: Demo,
  scaleId: number,
  values: { name: string; description: string; anonymous: boolean; startAt: number; endAt: number },
  memberIds: number[],
) {
  const [exam] = await demo.db
    .insert(psyExams)
    .values({
      organizationId: demo.organizationId,
      scaleId,
      name: values.name,
      description: values.description,
      scaleName: IPIP50_NAME,
      instructions: IPIP50_INSTRUCTIONS,
      definition: IPIP50_DEFINITION,
      startAt: new Date(values.startAt),
      endAt: new Date(values.endAt),
      anonymous: values.anonymous,
      showResult: true,
      minGroupSize: 3,
      layout: values.anonymous ? 'list' : 'single',
      audience: {
        departmentIds: [...demo.departments.values()].slice(0, 1),
        includeSubDepartments: true,
        userIds: [],
      },
      createdBy: need(demo.people, 'admin'),
      createdAt: new Date(values.startAt - DAY_MS),
      updatedAt: new Date(values.startAt - DAY_MS),
    })
    .returning({ id: psyExams.id });
  const examId = exam!.id;
  await demo.db
    .insert(psyExamMembers)
    .values(memberIds.map((userId) => ({ examId, userId, organizationId: demo.organizationId })));
  return examId;
}

async function respond(
  demo: Demo,
  examId: number,
  anonymous: boolean,
  people: { id: number; departmentId: number | null }[],
  at: (index: number) => number,
  salt: number,
) {
  if (people.length === 0) return;
  await demo.db.insert(psyResponses).values(
    people.map((person, index) => {
      const answers = answersOf(IPIP50_DEFINITION, person.id, salt);
      const submittedAt = new Date(at(index));
      return {
        organizationId: demo.organizationId,
        examId,
        userId: anonymous ? null : person.id,
        departmentId: person.departmentId,
        answers,
        scores: scoreScale(IPIP50_DEFINITION, answers),
        submittedAt: anonymous ? dayOf(submittedAt) : submittedAt,
      };
    }),
  );
  await demo.db
    .update(psyExamMembers)
    .set({ taken: true })
    .where(
      and(
        eq(psyExamMembers.examId, examId),
        inArray(
          psyExamMembers.userId,
          people.map((p) => p.id),
        ),
      ),
    );
}

/**
 * 心理测评 demo: the IPIP 50 Big-Five scale; last month's named personality survey of the whole company
 * (most simulated staff answered), and an anonymous survey open now (about half answered). The named
 * demo people have not taken either, so zhangsan finds both open or finished on /m/psych.
 */
export async function seedDemoPsych(demo: Demo): Promise<void> {
  const admin = need(demo.people, 'admin');
  const [scale] = await demo.db
    .insert(psyScales)
    .values({
      organizationId: demo.organizationId,
      name: IPIP50_NAME,
      description: '大五人格（外向性、宜人性、尽责性、情绪稳定性、智力/想象力）50 题简版，每个因子 10 题。',
      instructions: IPIP50_INSTRUCTIONS,
      source: IPIP50_SOURCE,
      definition: IPIP50_DEFINITION,
      itemCount: IPIP50_DEFINITION.items.length,
      dimensionCount: IPIP50_DEFINITION.dimensions.length,
      createdBy: admin,
      createdAt: new Date(demo.now - 40 * DAY_MS),
      updatedAt: new Date(demo.now - 40 * DAY_MS),
    })
    .returning({ id: psyScales.id });
  const scaleId = scale!.id;
  const everyone = await demo.db
    .select({ id: users.id, departmentId: users.departmentId })
    .from(users)
    .where(and(eq(users.organizationId, demo.organizationId), eq(users.status, 0), eq(users.kind, 'member')));
  const named = new Set(demo.people.values());
  const simulated = everyone.filter((person) => !named.has(person.id));
  const memberIds = everyone.map((person) => person.id);

  const pastStart = demo.now - 30 * DAY_MS;
  const pastId = await scheduleDemo(
    demo,
    scaleId,
    {
      name: DEMO_MENTAL_EXAMS.named,
      description: '了解员工的性格特点，用于团队建设与岗位匹配参考。',
      anonymous: false,
      startAt: pastStart,
      endAt: pastStart + 14 * DAY_MS,
    },
    memberIds,
  );
  const pastTakers = simulated.filter((person) => noise(person.id, 1) < 0.85);
  await respond(demo, pastId, false, pastTakers, (i) => pastStart + ((i * 7919) % (13 * DAY_MS)), 11);

  const openStart = demo.now - 3 * DAY_MS;
  const openId = await scheduleDemo(
    demo,
    scaleId,
    {
      name: DEMO_MENTAL_EXAMS.anonymous,
      description: '匿名作答，结果仅用于部门层面的统计分析。',
      anonymous: true,
      startAt: openStart,
      endAt: demo.now + 14 * DAY_MS,
    },
    memberIds,
  );
  const openTakers = simulated.filter((person) => noise(person.id, 2) < 0.5);
  await respond(demo, openId, true, openTakers, (i) => openStart + ((i * 4093) % (2 * DAY_MS)), 23);
}
