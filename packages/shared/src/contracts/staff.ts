/**
 * Staff management (spec §3 staff, §7 "User service"): search, the staff form, bulk changes, the Excel
 * template, import and export. The department endpoints (department.ts) reuse the filter and row shapes.
 */
import { z } from 'zod';
import { accountProblem, EMAIL_PATTERN, PHONE_PATTERN } from '../account';
import { countReply, endpoint, envelopeOf, idList, idOf, nullableId, pageOf, paging } from './common';
import { importModeQuery, importStarted } from './file';

/** The menu entry every staff-management call belongs to. */
export const STAFF_MENU = '/manage/system/staff';
/** Assigning roles also needs the permission page (or admin). */
export const ROLE_MENU = '/manage/system/permission';
const tag = '员工管理';
const S = '/user/api/v1/staff';

// ---------------------------------------------------------------------------------------------------------
// Field rules (the server's import checks the same ones)
// ---------------------------------------------------------------------------------------------------------

/** 8–32 characters, at least one letter and one digit, no spaces (the policy of modules/account). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{8,32}$/;

export const REAL_NAME_MAX = 50;
export const JOB_NUMBER_MAX = 50;
export const EMAIL_MAX = 200;

export const STAFF_MESSAGES = {
  realNameRequired: '姓名不能为空',
  realNameTooLong: `姓名不能超过 ${REAL_NAME_MAX} 个字符`,
  accountRequired: '账号不能为空',
  accountFormat: '账号需为 4–32 位字母、数字或下划线',
  accountLooksLikePhone: '账号不能使用手机号格式（手机号可直接用于登录）',
  phoneFormat: '手机号格式不正确，应为 11 位中国大陆手机号',
  emailFormat: '邮箱格式不正确',
  emailTooLong: `邮箱不能超过 ${EMAIL_MAX} 个字符`,
  jobNumberTooLong: `工号不能超过 ${JOB_NUMBER_MAX} 个字符`,
  passwordFormat: '密码需为 8–32 位，同时包含字母和数字，且不含空格',
  genderFormat: '性别只能填写“男”或“女”',
} as const;

export const STAFF_SORT_FIELDS = [
  'realName',
  'account',
  'jobNumber',
  'phone',
  'email',
  'gender',
  'status',
  'departmentName',
  'createdAt',
] as const;
export type StaffSortField = (typeof STAFF_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------------------
// Request pieces (department.ts uses them too)
// ---------------------------------------------------------------------------------------------------------

// The preprocess functions name what a caller may send, so that the web's types say it too.
const blankToNull = <T>(value: T) => (typeof value === 'string' && value.trim() === '' ? null : value);
const blankToUndefined = <T>(value: T) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An optional text where '' or null clears the value. */
const nullableText = (schema: z.ZodType<string>) =>
  z.preprocess((value: string | null | undefined) => blankToNull(value), schema.nullable()).optional();

const STATUS_MESSAGE = '状态只能是 0（在职）或 1（离职）';
export const staffStatus = z.coerce
  .number<number | string>({ error: STATUS_MESSAGE })
  .int({ error: STATUS_MESSAGE })
  .refine((value) => value === 0 || value === 1, { error: STATUS_MESSAGE });

const accountSchema = z
  .string({ error: STAFF_MESSAGES.accountRequired })
  .trim()
  .min(1, STAFF_MESSAGES.accountRequired)
  .superRefine((value, ctx) => {
    const problem = accountProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const realNameSchema = z
  .string({ error: STAFF_MESSAGES.realNameRequired })
  .trim()
  .min(1, STAFF_MESSAGES.realNameRequired)
  .max(REAL_NAME_MAX, STAFF_MESSAGES.realNameTooLong);

export const passwordSchema = z
  .string({ error: STAFF_MESSAGES.passwordFormat })
  .regex(PASSWORD_PATTERN, STAFF_MESSAGES.passwordFormat);

const staffFields = {
  phone: nullableText(z.string().trim().regex(PHONE_PATTERN, STAFF_MESSAGES.phoneFormat)),
  email: nullableText(
    z
      .string()
      .trim()
      .max(EMAIL_MAX, STAFF_MESSAGES.emailTooLong)
      .regex(EMAIL_PATTERN, STAFF_MESSAGES.emailFormat),
  ),
  gender: z.boolean({ error: '性别必须是 true（男）或 false（女）' }).nullable().optional(),
  jobNumber: nullableText(z.string().trim().max(JOB_NUMBER_MAX, STAFF_MESSAGES.jobNumberTooLong)),
  departmentId: nullableId('部门'),
  postId: nullableId('岗位'),
  roleIds: z.array(idOf('角色'), { error: '角色必须是列表' }).max(20, '每人最多 20 个角色').optional(),
  password: nullableText(passwordSchema),
};

const userIdList = idList('员工', '请选择员工', 10_000);

const sortOrder = z.preprocess(
  (value: 'asc' | 'desc' | 'ascend' | 'descend') =>
    value === 'ascend' ? 'asc' : value === 'descend' ? 'desc' : value,
  z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }),
);

const staffSortSchema = z.object({
  field: z.enum(STAFF_SORT_FIELDS, { error: `排序字段只能是 ${STAFF_SORT_FIELDS.join('、')} 之一` }),
  order: sortOrder.default('asc'),
});

/** The staff search filter (spec §3): department (with sub-departments), status, job number, keyword. */
export const staffFilterSchema = z.object({
  departmentId: nullableId('部门'),
  includeSubDepartments: z.boolean({ error: '是否含下级部门必须是 true 或 false' }).optional(),
  status: z.preprocess(
    (value: number | string | null | undefined) => blankToUndefined(value),
    staffStatus.optional(),
  ),
  jobNumber: z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z.string().trim().max(JOB_NUMBER_MAX, STAFF_MESSAGES.jobNumberTooLong).optional(),
  ),
  keyword: z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
  ),
  postId: z.preprocess(
    (value: number | string | null | undefined) => blankToUndefined(value),
    idOf('岗位').optional(),
  ),
  sort: z.preprocess(
    (value: z.input<typeof staffSortSchema> | '' | null | undefined) => blankToUndefined(value),
    staffSortSchema.optional(),
  ),
});
export type StaffFilterBody = z.output<typeof staffFilterSchema>;
/** The filter as a caller sends it. */
export type StaffSearchFilter = z.input<typeof staffFilterSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const postRef = z.object({ postId: z.number(), postName: z.string() });

/** A staff member as the staff list shows them. */
export const staffRow = z.object({
  userId: z.number(),
  account: z.string(),
  realName: z.string(),
  /** true 男, false 女, null unknown. */
  gender: z.boolean().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  jobNumber: z.string().nullable(),
  /** 0 在职, 1 离职. */
  status: z.number(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  postVO: postRef.nullable(),
  roles: z.array(z.object({ roleId: z.number(), name: z.string() })),
  isAdmin: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type StaffRow = z.infer<typeof staffRow>;

/** A colleague as any signed-in member of the organisation may see them (no contact details). */
export const directoryRow = staffRow.pick({
  userId: true,
  realName: true,
  gender: true,
  jobNumber: true,
  status: true,
  departmentId: true,
  departmentName: true,
  postVO: true,
});
export type DirectoryRow = z.infer<typeof directoryRow>;

export const staffDetail = staffRow.extend({
  /** e.g. 技术部/研发组; '' without a department. */
  departmentPath: z.string(),
  /** Departments the person leads. */
  leaderOf: z.array(z.object({ departmentId: z.number(), name: z.string() })),
  /** Epoch milliseconds. */
  lastLoginAt: z.number().nullable(),
});
export type StaffDetail = z.infer<typeof staffDetail>;

export const staffOptions = z.object({
  roles: z.array(z.object({ roleId: z.number(), name: z.string(), isDefault: z.boolean() })),
  posts: z.array(postRef),
});
export type StaffOptions = z.infer<typeof staffOptions>;

export const staffContracts = {
  search: endpoint({
    method: 'POST',
    path: '/user/api/v2/staff/search',
    tag,
    summary: '员工搜索（分页；部门含下级部门；关键词匹配姓名/账号/手机号/邮箱；sort 按白名单字段排序）',
    // Pickers on the role and message pages search staff too.
    access: { menu: [STAFF_MENU, ROLE_MENU] },
    query: paging,
    body: staffFilterSchema.optional(),
    response: pageOf(staffRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${S}/detail`,
    tag,
    summary: '员工详情',
    access: { menu: STAFF_MENU },
    query: z.object({ userId: idOf('员工') }),
    response: envelopeOf(staffDetail),
  }),
  options: endpoint({
    method: 'GET',
    path: `${S}/options`,
    tag,
    summary: '员工表单的可选项：角色与岗位',
    access: { menu: STAFF_MENU },
    response: envelopeOf(staffOptions),
  }),
  add: endpoint({
    method: 'POST',
    path: `${S}/add`,
    tag,
    summary:
      '新增员工（未填密码时生成随机强密码，仅在本次响应中返回 initialPassword；未选角色时授予默认角色）',
    access: { menu: STAFF_MENU },
    body: z.object({ account: accountSchema, realName: realNameSchema, ...staffFields }),
    response: envelopeOf(z.object({ userId: z.number(), initialPassword: z.string().nullable() })),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${S}/modify`,
    tag,
    summary: '修改员工（只改传入的字段；null 清空选填字段）',
    access: { menu: STAFF_MENU },
    body: z.object({
      userId: idOf('员工'),
      account: accountSchema.optional(),
      realName: realNameSchema.optional(),
      ...staffFields,
    }),
    response: envelopeOf(staffDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${S}/delete`,
    tag,
    summary: '删除员工（不能删除自己）',
    access: { menu: STAFF_MENU },
    body: z.object({ userIds: userIdList }),
    response: countReply,
  }),
  status: endpoint({
    method: 'POST',
    path: `${S}/status`,
    tag,
    summary: '设置在职（0）/离职（1）；离职即停用账号，不能停用自己',
    access: { menu: STAFF_MENU },
    body: z.object({ userIds: userIdList, status: staffStatus }),
    response: countReply,
  }),
  move: endpoint({
    method: 'POST',
    path: `${S}/move`,
    tag,
    summary: '批量调整部门',
    access: { menu: STAFF_MENU },
    body: z.object({ userIds: userIdList, departmentId: idOf('部门') }),
    response: countReply,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: `${S}/reset-password`,
    tag,
    summary: '重置密码（未填写时生成随机强密码，仅返回一次）；该员工的登录会话全部失效',
    access: { menu: STAFF_MENU },
    body: z.object({
      userId: idOf('员工'),
      password: z
        .preprocess(
          (value: string | null | undefined) => (value === '' ? null : value),
          passwordSchema.nullable(),
        )
        .optional(),
    }),
    response: envelopeOf(z.object({ password: z.string().nullable() })),
  }),
  // Spec §7 "staff download": the organisation's staff as an .xlsx (a zip of several past 5,000 people).
  download: endpoint({
    method: 'GET',
    path: '/user/api/v1/files/download/excel/auth',
    tag,
    summary: '下载本组织员工信息（.xlsx，同员工导出；超过 5000 人时为多个 .xlsx 的 zip）',
    access: { menu: STAFF_MENU },
    response: 'file',
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${S}/import/template`,
    tag,
    summary: '下载员工导入模板（.xlsx，含本组织的部门与岗位）',
    access: { menu: STAFF_MENU },
    response: 'file',
  }),
  import: endpoint({
    method: 'POST',
    path: `${S}/import`,
    tag,
    summary:
      '导入员工（multipart：可选字段 defaultPassword 在前，文件字段 file）。mode=all 有任何错误行则全部不导入；mode=valid 只导入正确行。返回 jobId，进度与结果见 GET /user/api/v1/jobs/:id',
    access: { menu: STAFF_MENU },
    query: importModeQuery,
    response: importStarted,
  }),
};
