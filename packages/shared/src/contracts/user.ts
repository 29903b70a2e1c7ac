/** The signed-in user (spec §4: loaded after sign-in and kept as userInfo). */
import { z } from 'zod';
import { endpoint, envelopeOf } from './common';

/** The signed-in user with organisation, department, roles and the permission mask. */
export const userDetail = z.object({
  userId: z.number(),
  account: z.string(),
  realName: z.string(),
  /** true 男, false 女. */
  gender: z.boolean().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  jobNumber: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** 'member', or 'candidate' for an outsider who came through an open link (their exams only). */
  kind: z.enum(['member', 'candidate']),
  organizationId: z.number(),
  organizationName: z.string(),
  organizationLogoUrl: z.string().nullable(),
  /** 'platform', 'enterprise' or 'college'. */
  organizationKind: z.string(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  roles: z.array(z.object({ roleId: z.number(), name: z.string() })),
  /** Permission bit mask (every bit for administrators). */
  permission: z.number(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userContracts = {
  detail: endpoint({
    method: 'GET',
    path: '/user/api/v1/user/detail',
    tag: '用户',
    summary: '当前用户信息',
    access: 'candidate',
    response: envelopeOf(userDetail),
  }),
};
