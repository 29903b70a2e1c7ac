import { NOTICE_PAGE_SIZE } from '@kaopei/shared';
import { get, getPage, post, postPage, type Page } from '../../lib/http';
import type { NoticeMessage } from '../notice/api';

export type { NoticeMessage };

/** Which part of the message box a tab shows. */
export type MessageFilter = 'all' | 'unread';

export const messageKeys = {
  all: ['message'] as const,
  list: (filter: MessageFilter, page: number) => ['message', 'list', filter, page] as const,
  unreadCount: ['message', 'unread-count'] as const,
  departments: ['message', 'departments'] as const,
  staff: (keyword: string) => ['message', 'staff', keyword] as const,
};

/** One page (zero-based) of the caller's messages, five per page (spec §9), newest first. */
export async function fetchMessages(filter: MessageFilter, page: number): Promise<Page<NoticeMessage>> {
  return getPage<NoticeMessage>('/user/api/v1/notice/get/notices', {
    page,
    size: NOTICE_PAGE_SIZE,
    status: filter === 'unread' ? 1 : undefined,
  });
}

/** Number of unread messages (the total of the unread list). */
export async function fetchUnreadCount(): Promise<number> {
  const page = await getPage<NoticeMessage>('/user/api/v1/notice/get/notices', {
    page: 0,
    size: 1,
    status: 1,
  });
  return page.total;
}

export async function markMessagesRead(ids: readonly (number | string)[]): Promise<number> {
  const data = await post<{ count: number }>('/user/api/v1/notice/read', ids);
  return data.count;
}

export async function markAllMessagesRead(): Promise<number> {
  const data = await post<{ count: number }>('/user/api/v1/notice/read/all');
  return data.count;
}

export interface SendMessageForm {
  title?: string;
  content: string;
  userIds?: number[];
  departmentIds?: number[];
}

/** Administrators: sends a message to staff and/or departments (with sub-departments); returns the count. */
export async function sendMessage(form: SendMessageForm): Promise<number> {
  const data = await post<{ count: number }>('/user/api/v1/user/message', form);
  return data.count;
}

/** Administrators: a text message to a staff member's phone. */
export async function sendSmsInfo(
  phone: string,
  content: string,
): Promise<{ userId: number; realName: string }> {
  return post<{ userId: number; realName: string }>('/user/api/v1/user/send/sms/info', { phone, content });
}

/** `GET /user/api/v1/department/tree` node. */
export interface DepartmentTreeNode {
  departmentId: number;
  name: string;
  children?: DepartmentTreeNode[] | null;
}

export async function fetchDepartmentTree(): Promise<DepartmentTreeNode[]> {
  const tree = await get<DepartmentTreeNode[] | null>('/user/api/v1/department/tree');
  return Array.isArray(tree) ? tree : [];
}

/** A row of `POST /user/api/v2/staff/search`. */
export interface StaffOption {
  userId: number;
  realName: string;
  account: string;
  departmentName?: string | null;
  phone?: string | null;
}

export const STAFF_PICKER_SIZE = 20;

/** Active staff matching `keyword` (name, account, phone or e-mail), first page. */
export async function searchStaff(keyword: string): Promise<StaffOption[]> {
  const page = await postPage<StaffOption>(
    '/user/api/v2/staff/search',
    { keyword: keyword || undefined, status: 0 },
    { params: { page: 0, size: STAFF_PICKER_SIZE } },
  );
  return page.data;
}
