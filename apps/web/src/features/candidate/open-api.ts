import { get, post, type OAuthTokenBody } from '../../lib/http';

/** Open-link exams (server: modules/exam/exam-open.service.ts); no sign-in until registered. */

const OPEN = '/exam/api/v1/open';

export interface OpenExamInfo {
  examId: number;
  name: string;
  description: string | null;
  state: 'draft' | 'upcoming' | 'ongoing' | 'ended';
  startAt: number | null;
  endAt: number | null;
  durationText: string;
  registrationFields: string[];
}

export interface OpenRegistration {
  realName: string;
  phone: string;
  code: string;
  fields: Record<string, string>;
}

export function fetchOpenExam(examId: number): Promise<OpenExamInfo> {
  return get<OpenExamInfo>(`${OPEN}/exam`, { examId });
}

export function sendOpenExamCode(examId: number, phone: string): Promise<null> {
  return post<null>(`${OPEN}/sms`, undefined, { params: { examId, phone } });
}

export function registerForOpenExam(examId: number, form: OpenRegistration): Promise<OAuthTokenBody> {
  return post<OAuthTokenBody>(`${OPEN}/register`, form, { params: { examId } });
}
