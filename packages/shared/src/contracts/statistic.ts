/** Figures of the console page (spec §7 "Statistics"). */
import { z } from 'zod';
import { endpoint, envelopeOf } from './common';

const tag = '统计';

/** An entry of the organisation's recent activity. */
export const activityEntry = z.object({
  id: z.number(),
  /** Activity code (login, setup, message …); the web names it. */
  action: z.string(),
  detail: z.string().nullable(),
  /** Null when the actor was deleted or the entry has none. */
  actorName: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** The organisation's counts on the console. */
export const consoleFigures = z.object({
  staffCount: z.number(),
  departmentCount: z.number(),
  questionBankCount: z.number(),
  paperCount: z.number(),
  examCount: z.number(),
});
export type ConsoleFigures = z.infer<typeof consoleFigures>;

export const consoleStats = z.object({
  /**
   * The organisation's counts; null for someone who manages nothing (`seesOrganisationFigures`), whose
   * console is their own home.
   */
  figures: consoleFigures.nullable(),
  /** The ten latest entries, newest first: the organisation's, or only the caller's own (figures null). */
  recentActivity: z.array(activityEntry),
});
export type ConsoleStats = z.infer<typeof consoleStats>;

/** Staff of the organisation: active (在职) and left (离职). */
export const staffSum = z.object({ total: z.number(), active: z.number(), left: z.number() });
export type StaffSum = z.infer<typeof staffSum>;

export const statisticContracts = {
  console: endpoint({
    method: 'GET',
    path: '/user/api/v1/statistic/console',
    tag,
    summary: '控制台统计（人数、题库、试卷、考试与最近动态）',
    access: { menu: '/manage/console' },
    response: envelopeOf(consoleStats),
  }),
  staffSum: endpoint({
    method: 'GET',
    path: '/user/api/v1/statistic/staff/sum',
    tag,
    summary: '员工人数（在职 / 离职；仅管理人员，见 seesOrganisationFigures）',
    response: envelopeOf(staffSum),
  }),
};
