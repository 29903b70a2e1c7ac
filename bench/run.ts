// `npm run bench`: runs each benchmark and writes its JSON result to bench/results/.
import fs from 'node:fs';
import path from 'node:path';
import { analysisStaff } from './analysis-staff.bench';
import { apiLatency } from './api-latency.bench';
import { courseProgress } from './course-progress.bench';
import { examAnalysis } from './exam-analysis.bench';
import { examLoad } from './exam-load.bench';
import { interviewSignalling } from './interview-signalling.bench';
import { irt } from './irt.bench';
import { paperGeneration } from './paper-generation.bench';
import { phoneLoad } from './phone-load.bench';
import { postMatch } from './post-match.bench';
import { questionSearch } from './question-search.bench';
import { recruitment } from './recruitment.bench';
import { studyTask } from './study-task.bench';
import { studyTarget } from './study-target.bench';
import { videoServe } from './video-serve.bench';

const benchmarks: Record<string, () => Promise<unknown>> = {
  'api-latency': apiLatency,
  'question-search': questionSearch,
  'paper-generation': paperGeneration,
  'exam-load': examLoad,
  'post-match': postMatch,
  'video-serve': videoServe,
  'course-progress': courseProgress,
  'study-task': studyTask,
  'study-target': studyTarget,
  'analysis-staff': analysisStaff,
  irt,
  'exam-analysis': examAnalysis,
  recruitment,
  'interview-signalling': interviewSignalling,
  'phone-load': phoneLoad,
};

const only = process.argv[2];
const outDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(outDir, { recursive: true });
for (const [name, bench] of Object.entries(benchmarks)) {
  if (only && only !== name) continue;
  console.log(`▶ ${name}`);
  const result = await bench();
  const file = path.join(outDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, at: new Date().toISOString(), result }, null, 2));
  console.log(JSON.stringify(result, null, 2));
  console.log(`  → ${file}`);
}
