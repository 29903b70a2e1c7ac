import { calibrateBank, MIN_RESPONDENTS } from '../../modules/analysis-irt/analysis-irt.service';
import { listBankResponses } from '../../modules/analysis-irt/analysis-irt.repo';
import { need, type Demo } from './demo';

/**
 * IRT calibration of the demo banks (issue 19) from the simulated attempts stored by the exam steps,
 * as the 开始校准 job does, so 试题分析 shows curves after `npm start`. Banks with too few attempts are
 * left uncalibrated.
 */
export async function seedDemoCalibration(demo: Demo): Promise<void> {
  const ctx = {
    userId: need(demo.people, 'admin'),
    organizationId: demo.organizationId,
    isAdmin: true,
    account: 'admin',
    realName: '管理员',
  };
  for (const bankId of demo.banks.values()) {
    const attempts = new Set((await listBankResponses(demo.db, ctx, bankId)).map((r) => r.attemptId));
    if (attempts.size >= MIN_RESPONDENTS) await calibrateBank(demo.db, ctx, bankId);
  }
}
