import type { Config } from '../../config';
import type { Judge } from './judge';
import { Judge0Judge } from './judge0-judge';
import { LocalJudge } from './local-judge';

export * from './judge';
export { Judge0Judge } from './judge0-judge';
export { LocalJudge, missingSandboxFeatures } from './local-judge';

/** The configured judge, or null when code judging is off (markers grade code answers). */
export function createJudge(
  config: Pick<Config, 'judge' | 'judgeUrl' | 'judgeToken'> & Partial<Pick<Config, 'judgeWorkDirMb'>>,
): Judge | null {
  if (config.judge === 'off') return null;
  if (config.judge === 'judge0' && config.judgeUrl)
    return new Judge0Judge(config.judgeUrl, config.judgeToken);
  return new LocalJudge(undefined, config.judgeWorkDirMb);
}
