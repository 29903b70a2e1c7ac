/** Education–industry cooperation projects (产教融合) of the caller's college or enterprise. */
import { z } from 'zod';
import { countReply, endpoint, envelopeOf, idList, idOf, pageOf, pagedQuery } from './common';

const tag = '产教融合';
const P = '/user/api/v1/edu/project';

/** Project statuses: 0 筹备中, 1 进行中, 2 已结束. */
export const EDU_PROJECT_STATUS_LABELS = ['筹备中', '进行中', '已结束'] as const;

export const MEMBER_TYPES = ['college', 'enterprise'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

const statusField = (message: string) =>
  z.coerce.number<number | string>({ error: message }).int(message).min(0, message).max(2, message);

/** 'YYYY-MM-DD'; '' or null means none. */
const dateField = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label}不是有效日期`)
    .or(z.literal(''))
    .nullable()
    .optional();

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).nullable().optional();

export const memberInput = z.object({
  memberType: z.enum(MEMBER_TYPES, {
    error: '成员类型只能是院校（college）或企业（enterprise）',
  }),
  name: z
    .string({ error: '请输入成员单位名称' })
    .trim()
    .min(1, '请输入成员单位名称')
    .max(100, '成员单位名称不能超过 100 个字符'),
  contactName: optionalText('联系人', 50),
  contactPhone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{5,20}$/, '联系电话格式不正确')
    .or(z.literal(''))
    .nullable()
    .optional(),
  role: optionalText('成员角色', 50),
});

export const projectInput = z.object({
  name: z
    .string({ error: '请输入项目名称' })
    .trim()
    .min(1, '请输入项目名称')
    .max(200, '项目名称不能超过 200 个字符'),
  description: optionalText('项目简介', 5000),
  status: statusField('项目状态只能是 0 筹备中、1 进行中或 2 已结束').default(0),
  startDate: dateField('开始日期'),
  endDate: dateField('结束日期'),
  /** When given, replaces the member list. */
  members: z.array(memberInput).max(100, '一个项目最多 100 个成员单位').optional(),
});
export type ProjectInput = z.output<typeof projectInput>;

/** A project as the list shows it. */
export const projectView = z.object({
  projectId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** 0 筹备中, 1 进行中, 2 已结束. */
  status: z.number(),
  statusName: z.string(),
  /** 'YYYY-MM-DD'. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  memberCount: z.number(),
  createdByName: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ProjectView = z.infer<typeof projectView>;

/** A member organisation of a project. */
export const memberView = z.object({
  memberId: z.number(),
  memberType: z.enum(MEMBER_TYPES),
  memberTypeName: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  role: z.string().nullable(),
});
export type MemberView = z.infer<typeof memberView>;

export const projectDetail = projectView.extend({ members: z.array(memberView) });
export type ProjectDetail = z.infer<typeof projectDetail>;

const projectIdQuery = z.object({ projectId: idOf('项目') });

export const eduContracts = {
  list: endpoint({
    method: 'GET',
    path: `${P}/list`,
    tag,
    summary: '产教融合项目列表（分页，可按状态筛选、按名称搜索）',
    query: pagedQuery({
      status: statusField('状态只能是 0（筹备中）、1（进行中）或 2（已结束）').optional(),
      keyword: z.string().trim().max(100, '关键字不能超过 100 个字符').optional(),
    }),
    response: pageOf(projectView),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${P}/detail`,
    tag,
    summary: '项目详情（含成员单位）',
    query: projectIdQuery,
    response: envelopeOf(projectDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${P}/add`,
    tag,
    summary: '新建项目（管理员）',
    body: projectInput,
    response: envelopeOf(projectDetail),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${P}/modify`,
    tag,
    summary: '修改项目（管理员）；带 members 时整体替换成员单位',
    query: projectIdQuery,
    body: projectInput,
    response: envelopeOf(projectDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${P}/delete`,
    tag,
    summary: '删除项目（管理员）',
    body: z.object({ projectIds: idList('项目', '请选择要删除的项目', 1000) }),
    response: countReply,
  }),
};
