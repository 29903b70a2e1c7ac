import {
  interviewContracts as api,
  type CodeRunView,
  type InterviewDetail,
  type InterviewRow,
  type RoomView,
  type ScorecardView,
} from '@kaopei/shared/contracts/interview';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';
import { getConfig } from '../../app/config';
import { http } from '../../lib/http';

/** Video interviews (contracts: packages/shared/src/contracts/interview.ts). */
export type { CodeRunView, InterviewDetail, InterviewRow, RoomView, ScorecardView };
export type InterviewFilter = Omit<QueryIn<typeof api.list>, 'page' | 'size' | 'pageNumber' | 'pageSize'>;
export type InterviewInput = BodyIn<typeof api.add>;

export const interviewKeys = {
  all: ['interview'] as const,
  list: (filter: InterviewFilter, page: number, size: number) =>
    ['interview', 'list', filter, page, size] as const,
  detail: (id: number) => ['interview', 'detail', id] as const,
  /**
   * Being in a room: outside `all`, so that saving a scorecard (which refreshes lists and details) does not
   * fetch a new ticket and make the interviewer leave and rejoin the call.
   */
  room: (token: string | null, id: number | null) => ['interview-room', token, id] as const,
};

export function fetchInterviews(filter: InterviewFilter, page: number, size: number) {
  return callPage(api.list, { query: { ...filter, page, size } });
}
export function fetchInterview(id: number): Promise<InterviewDetail> {
  return call(api.detail, { query: { id } });
}
export function addInterview(body: InterviewInput) {
  return call(api.add, { body });
}
export function modifyInterview(id: number, body: InterviewInput) {
  return call(api.modify, { query: { id }, body });
}
export function cancelInterview(id: number) {
  return call(api.cancel, { query: { id } });
}
export function submitScorecard(body: BodyIn<typeof api.scorecard>): Promise<ScorecardView> {
  return call(api.scorecard, { body });
}
export async function fetchRecording(id: number): Promise<Blob> {
  const response = await http.request<Blob>({
    method: api.recording.method,
    url: api.recording.path,
    params: { id },
    responseType: 'blob',
  });
  return response.data;
}

// The room: every call carries the ticket (the invitation token or the interviewer's room ticket).
const silent = { kpSilent: true } as const;

export function fetchInterviewerTicket(id: number) {
  return call(api.ticket, { query: { id } }, silent);
}
export function fetchRoom(ticket: string): Promise<RoomView> {
  return call(api.room, { query: { ticket } }, silent);
}
export function sendSignal(body: BodyIn<typeof api.signal>) {
  return call(api.signal, { body }, silent);
}
export function giveConsent(ticket: string) {
  return call(api.consent, { body: { ticket } });
}
export function startRun(body: BodyIn<typeof api.startRun>) {
  return call(api.startRun, { body });
}
export function fetchRun(ticket: string, id: number): Promise<CodeRunView> {
  return call(api.run, { query: { ticket, id } }, silent);
}
export function uploadRecording(ticket: string, blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'recording.webm');
  return call(api.uploadRecording, { query: { ticket }, form });
}
export function roomEventsUrl(ticket: string, peer: string): string {
  const query = new URLSearchParams({ ticket, peer });
  return `${getConfig().apiBase}${api.events.path}?${query.toString()}`;
}
