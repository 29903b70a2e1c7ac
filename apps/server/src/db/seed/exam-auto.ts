import { QuestionType } from '@kaopei/shared';
import { autoRuleBodySchema } from '@kaopei/shared/contracts/exam-auto';
import { addRule, runRuleNow } from '../../modules/exam/exam-auto.service';
import { DAY_MS, adminContext, need, type Demo } from './demo';
import { SAFETY_BANK } from './questions';

/** The demo's automatic-exam rule (exam/auto), and the name its exams and papers start with. */
export const DEMO_AUTO_RULE = '每月安全抽考';

/**
 * exam/auto and exam/auto/paper demo: a monthly rule drawing single-choice questions from the safety
 * bank, run once now through the real service, so its first exam and generated paper are listed.
 */
export async function seedDemoAutoExam(demo: Demo): Promise<void> {
  const ctx = adminContext(demo);
  // Parsed as a request would be, so every default (settings, variants, overlap) is filled.
  const body = autoRuleBodySchema.parse({
    name: DEMO_AUTO_RULE,
    generation: {
      bankIds: [need(demo.banks, SAFETY_BANK)],
      typeRules: [{ type: QuestionType.SINGLE, count: 3, points: 10 }],
    },
    examTemplate: {
      examName: DEMO_AUTO_RULE,
      durationMinutes: 20,
      windowMinutes: 3 * 24 * 60,
      departmentIds: [...demo.departments.values()].slice(0, 1),
      includeSubDepartments: true,
      notify: false,
    },
    recurrence: 'monthly',
    firstStartAt: demo.now + 2 * DAY_MS,
    leadMinutes: 60,
  });
  const rule = await addRule(demo.db, ctx, body);
  await runRuleNow(demo.db, ctx, rule.ruleId);
}
