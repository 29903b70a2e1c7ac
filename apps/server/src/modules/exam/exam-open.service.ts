import crypto from 'node:crypto';
import { formatExamTime } from '@kaopei/shared';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound } from '../../core/http';
import { issueTokens, type TokenBody } from '../auth/auth.service';
import { consumeSmsCode, sendSmsCode } from '../auth/sms-code.service';
import { examState } from './exam.service';
import type { OpenExamInfo } from '@kaopei/shared/contracts/exam-candidate';
import {
  findPublishedExamInAnyOrg,
  findUserByPhoneInAnyOrg,
  insertRegisteredUser,
  upsertRegisteredCandidate,
} from './exam-open.repo';

/**
 * Exams published with an open link (audience mode `open`): anyone with the link proves a phone by SMS,
 * fills in the registration fields and becomes a candidate — an existing member of the organisation with
 * that phone is signed in as themselves; anyone else gets a new candidate account in the organisation
 * (users.kind 'candidate': no roles, no password, only their own exams; they come back through the link
 * or SMS sign-in).
 */

async function requireOpenExam(deps: Deps, examId: number) {
  const exam = await findPublishedExamInAnyOrg(deps.db, examId);
  if (!exam || exam.audience?.mode !== 'open') throw notFound('考试不存在或未开放报名');
  return exam;
}

export async function openExamInfo(deps: Deps, examId: number): Promise<OpenExamInfo> {
  const exam = await requireOpenExam(deps, examId);
  return {
    examId: exam.id,
    name: exam.name,
    description: exam.description,
    coverUrl: exam.coverUrl,
    state: examState(exam),
    startAt: exam.startAt?.getTime() ?? null,
    endAt: exam.endAt?.getTime() ?? null,
    durationMinutes: exam.durationMinutes,
    durationText: formatExamTime(exam.durationMinutes),
    registrationFields: exam.audience.registrationFields ?? [],
  };
}

export async function sendOpenExamCode(deps: Deps, examId: number, phone: string, ip: string): Promise<void> {
  const exam = await requireOpenExam(deps, examId);
  if (examState(exam) === 'ended') throw conflict('考试已结束');
  await sendSmsCode(deps, phone, 'exam', ip);
}

export interface OpenRegistration {
  realName: string;
  phone: string;
  code: string;
  fields: Record<string, string>;
}

/** Registers the phone's owner as a candidate and signs them in. */
export async function registerForOpenExam(
  deps: Deps,
  examId: number,
  input: OpenRegistration,
): Promise<TokenBody & { examId: number }> {
  const exam = await requireOpenExam(deps, examId);
  if (examState(exam) === 'ended') throw conflict('考试已结束');
  const wanted = exam.audience.registrationFields ?? [];
  const missing = wanted.find((field) => !input.fields[field]?.trim());
  if (missing) throw badRequest(`请填写${missing}`);
  const problem = await consumeSmsCode(deps, input.phone, 'exam', input.code);
  if (problem) throw badRequest(problem);
  const registration = Object.fromEntries(
    wanted.map((field) => [field, (input.fields[field] ?? '').trim().slice(0, 200)]),
  );
  const org = { organizationId: exam.organizationId };
  const user = await deps.db.transaction(async (tx) => {
    const existing = await findUserByPhoneInAnyOrg(tx, input.phone);
    if (existing && existing.organizationId !== exam.organizationId) {
      throw conflict('该手机号已是其他单位的账号，请联系考试组织方');
    }
    if (existing && existing.status !== 0) throw conflict('该手机号的账号已停用，请联系考试组织方');
    const person =
      existing ??
      (await insertRegisteredUser(tx, org, {
        account: `exam_${crypto.randomBytes(6).toString('hex')}`,
        phone: input.phone,
        realName: input.realName,
      }));
    await upsertRegisteredCandidate(tx, org, examId, person.id, registration);
    return person;
  });
  return { ...(await issueTokens(deps, user)), examId };
}
