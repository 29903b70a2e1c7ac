/**
 * Recruitment rules shared by the server and the web (issue 20): pipeline stages, sources, degrees,
 * message templates, and the résumé field extraction (pure: text in, fields out).
 */

export const RECRUIT_STAGES = [
  'applied',
  'screening',
  'test',
  'interview',
  'offer',
  'hired',
  'rejected',
] as const;
export type RecruitStage = (typeof RECRUIT_STAGES)[number];
export const RECRUIT_STAGE_LABELS: Record<RecruitStage, string> = {
  applied: '投递',
  screening: '筛选',
  test: '笔试',
  interview: '面试',
  offer: 'offer',
  hired: '入职',
  rejected: '淘汰',
};
/** The stages a recruiter moves people to by hand (入职 goes through the hire dialog). */
export const MOVABLE_STAGES: readonly RecruitStage[] = [
  'applied',
  'screening',
  'test',
  'interview',
  'offer',
  'rejected',
];

/** Whether an application may move from one stage to another (a hire is final; 入职 only by hiring). */
export function moveProblem(from: RecruitStage, to: RecruitStage): string | null {
  if (from === to) return `已在「${RECRUIT_STAGE_LABELS[to]}」阶段`;
  if (from === 'hired') return '已入职的应聘者不能再移动阶段';
  if (to === 'hired') return '入职请使用「录用」操作，选择部门与岗位';
  return null;
}

export const JOB_STATUSES = ['draft', 'published', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: '草稿',
  published: '招聘中',
  closed: '已关闭',
};
export const JOB_STATUS_CODES: Record<JobStatus, number> = { draft: 0, published: 1, closed: 2 };
export function jobStatusOf(code: number): JobStatus {
  return code === 1 ? 'published' : code === 2 ? 'closed' : 'draft';
}

export const APPLICANT_SOURCES = ['web', 'campus', 'referral', 'recruiter'] as const;
export type ApplicantSource = (typeof APPLICANT_SOURCES)[number];
export const APPLICANT_SOURCE_LABELS: Record<ApplicantSource, string> = {
  web: '官网/分享链接',
  campus: '校园招聘',
  referral: '内部推荐',
  recruiter: '招聘专员录入',
};

export const DEGREES = ['高中', '中专', '大专', '本科', '硕士', '博士'] as const;
export type Degree = (typeof DEGREES)[number];

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** Message templates to applicants; `{name}`, `{job}`, `{org}`, `{link}` are filled in per person. */
export const MESSAGE_TEMPLATES = [
  {
    key: 'screen_pass',
    label: '通过筛选',
    text: '{name}您好，您应聘的「{job}」已通过简历筛选，我们会尽快与您联系。——{org}',
  },
  {
    key: 'test_invite',
    label: '笔试邀请',
    text: '{name}您好，请在手机上打开 {link} ，用本手机号验证码登录后参加「{job}」笔试。——{org}',
  },
  {
    key: 'interview_invite',
    label: '面试通知',
    text: '{name}您好，诚邀您参加「{job}」面试，具体时间与方式将另行通知。——{org}',
  },
  {
    key: 'offer',
    label: '录用通知',
    text: '{name}您好，恭喜您通过「{job}」的全部考核，我们将向您发出录用通知。——{org}',
  },
  {
    key: 'reject',
    label: '婉拒通知',
    text: '{name}您好，感谢您应聘「{job}」，经综合评估暂不匹配，期待未来合作。——{org}',
  },
] as const;
export type MessageTemplateKey = (typeof MESSAGE_TEMPLATES)[number]['key'];

export function fillTemplate(
  text: string,
  values: { name: string; job: string; org: string; link?: string },
): string {
  return text
    .replaceAll('{name}', values.name)
    .replaceAll('{job}', values.job)
    .replaceAll('{org}', values.org)
    .replaceAll('{link}', values.link ?? '');
}

// ---------------------------------------------------------------------------------------------------------
// Résumé field extraction
// ---------------------------------------------------------------------------------------------------------

export interface ResumeFields {
  name: string | null;
  phone: string | null;
  email: string | null;
  school: string | null;
  degree: Degree | null;
  years: number | null;
}

const CN_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

function chineseNumber(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) return Math.floor(Number(text));
  if (text === '十') return 10;
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text);
  if (m) return (m[1] ? (CN_DIGITS[m[1]] ?? 1) : 1) * 10 + (m[2] ? (CN_DIGITS[m[2]] ?? 0) : 0);
  return CN_DIGITS[text] ?? null;
}

/** Full-width forms and the Kangxi radicals some PDF fonts map CJK to become ordinary characters. */
export function normalizeResumeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0\u3000]/g, ' ');
}

const LABEL_SEP = '\\s*[:：]?\\s*';

function labelled(text: string, labels: string[], value: string): string | null {
  const re = new RegExp(`(?:${labels.join('|')})${LABEL_SEP}(${value})`);
  return re.exec(text)?.[1]?.trim() ?? null;
}

function findName(text: string): string | null {
  const byLabel = labelled(text, ['姓\\s*名', '名\\s*字'], '[\\u4e00-\\u9fa5·]{2,6}');
  if (byLabel) return byLabel;
  // A résumé often starts with the name alone on its first line.
  for (const line of text.split('\n').slice(0, 4)) {
    const trimmed = line.trim();
    if (/^[\u4e00-\u9fa5·]{2,4}$/.test(trimmed) && !/简历|个人|求职|应聘/.test(trimmed)) return trimmed;
  }
  return null;
}

function findPhone(text: string): string | null {
  const compact = text.replace(/(\d)[\s-](?=\d)/g, '$1');
  return /(?:\+?86)?(1[3-9]\d{9})(?!\d)/.exec(compact)?.[1] ?? null;
}

function findEmail(text: string): string | null {
  return /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text)?.[0]?.toLowerCase() ?? null;
}

function findSchool(text: string): string | null {
  const byLabel = labelled(
    text,
    ['毕业院校', '毕业学校', '学\\s*校', '院\\s*校'],
    '[\\u4e00-\\u9fa5()（）A-Za-z]{2,30}',
  );
  if (byLabel) return byLabel.replace(/[（(].*$/, '') || byLabel;
  return /[\u4e00-\u9fa5]{2,15}(?:大学|学院|职业技术学院|中学)/.exec(text)?.[0] ?? null;
}

const DEGREE_ORDER: Degree[] = ['博士', '硕士', '本科', '大专', '中专', '高中'];
const DEGREE_WORDS: Record<Degree, RegExp> = {
  博士: /博士/,
  硕士: /硕士|研究生/,
  本科: /本科|学士/,
  大专: /大专|专科/,
  中专: /中专|技校/,
  高中: /高中/,
};

function findDegree(text: string): Degree | null {
  const byLabel = labelled(text, ['最高学历', '学\\s*历', '学\\s*位'], '[\\u4e00-\\u9fa5]{2,4}');
  const scope = byLabel ?? text;
  // The highest degree named wins (a 硕士 also lists the 本科 school).
  return DEGREE_ORDER.find((degree) => DEGREE_WORDS[degree].test(scope)) ?? null;
}

function findYears(text: string): number | null {
  const m =
    /(?:工作经验|工作年限|从业经验|工作经历)\s*[:：]?\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*年/.exec(
      text,
    ) ?? /(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*年(?:以上)?(?:工作|相关|开发|从业)?经验/.exec(text);
  if (m?.[1]) {
    const years = chineseNumber(m[1]);
    return years !== null && years <= 50 ? years : null;
  }
  if (/应届|在校|无工作经验/.test(text)) return 0;
  return null;
}

/** The main fields a résumé's text names, each null when it cannot be found. */
export function extractResumeFields(raw: string): ResumeFields {
  const text = normalizeResumeText(raw);
  return {
    name: findName(text),
    phone: findPhone(text),
    email: findEmail(text),
    school: findSchool(text),
    degree: findDegree(text),
    years: findYears(text),
  };
}
