import { DEGREES, RESUME_MAX_BYTES, type Degree } from '@kaopei/shared';
import type { recruitmentContracts } from '@kaopei/shared/contracts/recruitment';
import type { BodyIn, DataOf } from '../../lib/api';

/**
 * Pure rules of the résumé apply form (components/resume-apply/apply-form.tsx), shared by the applicant's
 * pages (features/recruit-join) and the recruiter's 添加应聘者 (features/recruitment): résumé pre-fill,
 * the file check, the request body.
 */

export type ApplyBody = BodyIn<typeof recruitmentContracts.publicApply>;
export type Applied = DataOf<typeof recruitmentContracts.publicApply>;
export type ResumeUploaded = DataOf<typeof recruitmentContracts.publicUpload>;

/** The résumé fields the server reads out of a file (name, phone, e-mail, school, degree, years). */
export type ResumeFields = ResumeUploaded['fields'];
export type FieldKey = keyof ResumeFields;

/** What the apply form holds: the résumé fields as the applicant sees and edits them. */
export interface ApplyFormValues {
  name?: string;
  phone?: string;
  email?: string;
  school?: string;
  degree?: Degree | null;
  years?: number | null;
}

export const FIELD_LABELS: Record<FieldKey, string> = {
  name: '姓名',
  phone: '手机号',
  email: '邮箱',
  school: '毕业院校',
  degree: '学历',
  years: '工作年限',
};
const FIELD_ORDER: FieldKey[] = ['name', 'phone', 'email', 'school', 'degree', 'years'];

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const asDegree = (value: string | null): Degree | null =>
  value !== null && (DEGREES as readonly string[]).includes(value) ? (value as Degree) : null;

/** A field read from the résumé as the form holds it (a degree the form does not offer is dropped). */
function extractedValue(fields: ResumeFields, key: FieldKey): string | number | null {
  if (key === 'degree') return asDegree(fields.degree);
  if (key === 'years')
    return fields.years !== null && fields.years >= 0 && fields.years <= 50 ? fields.years : null;
  const value = fields[key];
  return value === null || value.trim() === '' ? null : value.trim();
}

export interface Prefill {
  /** Values to set on the form: only the fields the applicant has left blank. */
  patch: ApplyFormValues;
  /** Labels of the fields filled from the résumé. */
  filled: string[];
  /** Labels of the fields where the résumé says something else than what the applicant typed (kept). */
  kept: string[];
}

/**
 * Merges the fields read from a résumé into the form: what the applicant has typed wins, the résumé
 * fills only the blanks, and nothing is cleared by a field the résumé does not have.
 */
export function prefillFromResume(current: ApplyFormValues, fields: ResumeFields): Prefill {
  const patch: Record<string, string | number> = {};
  const filled: string[] = [];
  const kept: string[] = [];
  for (const key of FIELD_ORDER) {
    const value = extractedValue(fields, key);
    if (value === null) continue;
    const typed = current[key];
    if (isBlank(typed)) {
      patch[key] = value;
      filled.push(FIELD_LABELS[key]);
    } else if (String(typed).trim() !== String(value)) {
      kept.push(FIELD_LABELS[key]);
    }
  }
  return { patch: patch as ApplyFormValues, filled, kept };
}

/** The résumé line under the upload once the server has read the file. */
export function prefillSummary(prefill: Prefill): string {
  if (prefill.filled.length === 0 && prefill.kept.length === 0)
    return '未能从简历中识别出个人信息，请手动填写。';
  const parts: string[] = [];
  if (prefill.filled.length > 0) parts.push(`已从简历识别并填入：${prefill.filled.join('、')}`);
  if (prefill.kept.length > 0) parts.push(`${prefill.kept.join('、')}与简历不同，已保留您填写的内容`);
  return `${parts.join('；')}。请核对后提交。`;
}

/** Why a chosen file cannot be sent (checked again by the server), or null. */
export function resumeFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.doc')) return '暂不支持旧版 Word（.doc），请另存为 .docx 或 PDF 后上传';
  if (!name.endsWith('.pdf') && !name.endsWith('.docx')) return '简历只能是 PDF 或 Word（.docx）文件';
  if (file.size === 0) return '简历文件是空的，请重新选择';
  if (file.size > RESUME_MAX_BYTES) return `简历文件不能超过 ${RESUME_MAX_BYTES / 1024 / 1024}MB`;
  return null;
}

const textOrNull = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The apply request from the form, the uploaded résumé (if any) and the campus session (if any). */
export function toApplyBody(
  jobId: number,
  values: ApplyFormValues,
  resume: Pick<ResumeUploaded, 'resumeId' | 'claimToken'> | null,
  campusSessionId: number | null = null,
): ApplyBody {
  return {
    jobId,
    name: values.name?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    email: textOrNull(values.email),
    school: textOrNull(values.school),
    degree: values.degree ?? null,
    years: values.years ?? null,
    resumeId: resume?.resumeId ?? null,
    claimToken: resume?.claimToken ?? null,
    campusSessionId,
  };
}
