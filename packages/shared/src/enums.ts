/**
 * Canonical enumerations (design.md §3). The spec has two question-type numberings; "reading A" is ours,
 * "reading B" only exists in legacy data and enters the system through `fromReadingB`.
 */

/** Question type, canonical numbering (spec §3 "reading A"). */
export const QuestionType = {
  TRUE_FALSE: 0,
  SINGLE: 1,
  MULTIPLE: 2,
  FILL: 3,
  SHORT: 4,
  CODE: 5,
} as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

/** All canonical question types in numeric order (each has its kind in `question-kinds/`). */
export const QUESTION_TYPES: readonly QuestionType[] = Object.values(QuestionType).sort((a, b) => a - b);

/** Label shown for a type outside the canonical set; it doubles as the default section name. */
export const UNKNOWN_QUESTION_TYPE_LABEL = '默认大题';

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'number' && (QUESTION_TYPES as readonly number[]).includes(value);
}

/** Legacy "reading B" numbering: 0 single, 1 multiple, 2 true/false, 3 fill, 4 code, 5 short. */
const READING_B_TO_CANONICAL: Readonly<Record<number, QuestionType>> = {
  0: QuestionType.SINGLE,
  1: QuestionType.MULTIPLE,
  2: QuestionType.TRUE_FALSE,
  3: QuestionType.FILL,
  4: QuestionType.CODE,
  5: QuestionType.SHORT,
};

/** Maps a legacy reading-B question type to the canonical one; unknown values are rejected, never guessed. */
export function fromReadingB(b: number): QuestionType {
  const mapped = Number.isInteger(b) ? READING_B_TO_CANONICAL[b] : undefined;
  if (mapped === undefined) {
    throw new Error(`未知的旧版题型编号：${String(b)}`);
  }
  return mapped;
}

/** Tag types (spec §3). */
export const TagType = {
  QUESTION_BANK: 1,
  QUESTION: 2,
  POST: 3,
  USER: 4,
  ORGANIZATION: 5,
  /** Course tags (issue 17). */
  COURSE: 6,
} as const;
export type TagType = (typeof TagType)[keyof typeof TagType];

export const TAG_TYPE_LABELS: Readonly<Record<TagType, string>> = {
  [TagType.QUESTION_BANK]: '题库',
  [TagType.QUESTION]: '试题',
  [TagType.POST]: '岗位',
  [TagType.USER]: '用户',
  [TagType.ORGANIZATION]: '组织',
  [TagType.COURSE]: '课程',
};

export function isTagType(value: unknown): value is TagType {
  return typeof value === 'number' && Object.hasOwn(TAG_TYPE_LABELS, value);
}

/** Label of a tag type; '' for values outside the enumeration. */
export function tagTypeLabel(type: number): string {
  return isTagType(type) ? TAG_TYPE_LABELS[type] : '';
}

/** Paper types (spec §3). New types may only be added above 9 (design.md §3). */
export const PaperType = {
  MANUAL: 0,
  POST_RANDOM: 4,
  POST_AUTO: 6,
  POST_JOB: 9,
} as const;
export type PaperType = (typeof PaperType)[keyof typeof PaperType];

export const PAPER_TYPE_LABELS: Readonly<Record<PaperType, string>> = {
  [PaperType.MANUAL]: '手动组卷',
  [PaperType.POST_RANDOM]: '岗位随机组卷',
  [PaperType.POST_AUTO]: '岗位智能组卷',
  [PaperType.POST_JOB]: '岗位招聘组卷',
};

export function isPaperType(value: unknown): value is PaperType {
  return typeof value === 'number' && Object.hasOwn(PAPER_TYPE_LABELS, value);
}

/** Label of a paper type; '' for values outside the enumeration. */
export function paperTypeLabel(type: number): string {
  return isPaperType(type) ? PAPER_TYPE_LABELS[type] : '';
}

/** Paper difficulty (spec §3). */
export const PaperDifficulty = ['SIMPLE', 'MEDIUM', 'HARD'] as const;
export type PaperDifficulty = (typeof PaperDifficulty)[number];

export const PAPER_DIFFICULTY_LABELS: Readonly<Record<PaperDifficulty, string>> = {
  SIMPLE: '简单',
  MEDIUM: '中等',
  HARD: '困难',
};

export function isPaperDifficulty(value: unknown): value is PaperDifficulty {
  return typeof value === 'string' && (PaperDifficulty as readonly string[]).includes(value);
}

/** Label of a paper difficulty; '' for values outside the enumeration. */
export function paperDifficultyLabel(difficulty: string): string {
  return isPaperDifficulty(difficulty) ? PAPER_DIFFICULTY_LABELS[difficulty] : '';
}

/** Staff employment status (the staff search filter uses 0). */
export const UserStatus = {
  ACTIVE: 0,
  LEFT: 1,
} as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  [UserStatus.ACTIVE]: '在职',
  [UserStatus.LEFT]: '离职',
};

export function isUserStatus(value: unknown): value is UserStatus {
  return typeof value === 'number' && Object.hasOwn(USER_STATUS_LABELS, value);
}

/** Label of a staff status; '' for values outside the enumeration. */
export function userStatusLabel(status: number): string {
  return isUserStatus(status) ? USER_STATUS_LABELS[status] : '';
}
