import { z } from 'zod';
import { idParam } from '../../core/http';
import { STAFF_SORT_FIELDS } from './staff.service';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  JOB_NUMBER_MAX,
  MESSAGES,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  REAL_NAME_MAX,
  accountProblem,
} from './staff.rules';

/** Request schemas shared by the staff and department routes. Messages are Chinese and name the field. */

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An optional id where null or '' means "none". */
export const nullableId = (name: string) => z.preprocess(blankToNull, idParam(name).nullable()).optional();

/** An optional text where '' or null clears the value. */
const nullableText = (schema: z.ZodType<string>) => z.preprocess(blankToNull, schema.nullable()).optional();

export const staffStatus = z.coerce
  .number({ error: '状态只能是 0（在职）或 1（离职）' })
  .int({ error: '状态只能是 0（在职）或 1（离职）' })
  .refine((value) => value === 0 || value === 1, { error: '状态只能是 0（在职）或 1（离职）' });

export const accountSchema = z
  .string({ error: MESSAGES.accountRequired })
  .trim()
  .min(1, MESSAGES.accountRequired)
  .superRefine((value, ctx) => {
    const problem = accountProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const realNameSchema = z
  .string({ error: MESSAGES.realNameRequired })
  .trim()
  .min(1, MESSAGES.realNameRequired)
  .max(REAL_NAME_MAX, MESSAGES.realNameTooLong);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordFormat })
  .regex(PASSWORD_PATTERN, MESSAGES.passwordFormat);

const staffFields = {
  phone: nullableText(z.string().trim().regex(PHONE_PATTERN, MESSAGES.phoneFormat)),
  email: nullableText(
    z.string().trim().max(EMAIL_MAX, MESSAGES.emailTooLong).regex(EMAIL_PATTERN, MESSAGES.emailFormat),
  ),
  gender: z.boolean({ error: '性别必须是 true（男）或 false（女）' }).nullable().optional(),
  jobNumber: nullableText(z.string().trim().max(JOB_NUMBER_MAX, MESSAGES.jobNumberTooLong)),
  departmentId: nullableId('departmentId'),
  postId: nullableId('postId'),
  roleIds: z.array(idParam('roleIds')).max(20, '每人最多 20 个角色').optional(),
  password: nullableText(passwordSchema),
};

export const staffAddBody = z.object({ account: accountSchema, realName: realNameSchema, ...staffFields });

export const staffModifyBody = z.object({
  userId: idParam('userId'),
  account: accountSchema.optional(),
  realName: realNameSchema.optional(),
  ...staffFields,
});

export const userIdList = z
  .array(idParam('userIds'), { error: '请选择员工' })
  .min(1, '请选择员工')
  .max(10_000, '一次最多操作 10000 人');

const sortOrder = z.preprocess(
  (value) => (value === 'ascend' ? 'asc' : value === 'descend' ? 'desc' : value),
  z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }),
);

export const staffSortSchema = z.object({
  field: z.enum(STAFF_SORT_FIELDS, { error: `排序字段只能是 ${STAFF_SORT_FIELDS.join('、')} 之一` }),
  order: sortOrder.default('asc'),
});

/** The staff search filter (spec §3): department (with sub-departments), status, job number, keyword. */
export const staffFilterSchema = z.object({
  departmentId: nullableId('departmentId'),
  includeSubDepartments: z.boolean().optional(),
  status: z.preprocess(blankToUndefined, staffStatus.optional()),
  jobNumber: z.preprocess(
    blankToUndefined,
    z.string().trim().max(JOB_NUMBER_MAX, MESSAGES.jobNumberTooLong).optional(),
  ),
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(100, '关键词不能超过 100 个字符').optional()),
  postId: z.preprocess(blankToUndefined, idParam('postId').optional()),
  sort: z.preprocess(blankToUndefined, staffSortSchema.optional()),
});
export type StaffFilterBody = z.output<typeof staffFilterSchema>;

/** Repeated (?ids=1&ids=2) or comma-separated (?ids=1,2) ids in a query string. */
export const idArrayQuery = (name: string) =>
  z.preprocess(
    (value) => {
      const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
      return list.flatMap((item) =>
        typeof item === 'string' ? item.split(',').filter((s) => s.trim() !== '') : [item],
      );
    },
    z.array(idParam(name)).min(1, `请提供 ${name}`).max(1000, `${name} 最多 1000 个`),
  );

export const booleanQuery = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: '只能是 true 或 false' }).optional(),
);
