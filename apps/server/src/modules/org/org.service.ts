import type { FastifyBaseLogger } from 'fastify';
import type {
  ApplicationKind,
  ApplicationResult,
  ApplicationView,
  OrganizationView,
} from '@kaopei/shared/contracts/org';
import type { Deps } from '../../core/deps';
import type { RequestContext } from '../../core/context';
import { hashPassword } from '../../core/crypto';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../core/http';
import { recordActivity } from '../../core/activity';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { consumeSmsCode, sendSmsCode } from '../auth/sms-code.service';
import { createDefaultRoles } from '../system/default-roles';
import { isUniqueViolation } from '../../core/db-errors';
import { readNewPassword } from '../../core/password-input';
import {
  APPLICATION_APPROVED,
  APPLICATION_PENDING,
  countStaffAndDepartments,
  findApplicationInAnyOrg,
  findAutoApproveAuditorQuestions,
  findOrganization,
  findOrganizationByNameInAnyOrg,
  findOrganizationKind,
  findPendingApplicationClashInAnyOrg,
  findUserClashInAnyOrg,
  insertApplication,
  insertNoticeTo,
  insertOrganization,
  insertOrganizationAdmin,
  listApplicationsInAnyOrg,
  lockSignups,
  markApplicationApprovedInAnyOrg,
  rejectApplicationInAnyOrg,
  updateOwnOrganization,
  type ApplicationRow,
  type OrganizationChanges,
} from './org.repo';

export { APPLICATION_APPROVED, APPLICATION_PENDING, APPLICATION_REJECTED } from './org.repo';

export const APPLICATION_KIND_LABELS: Record<ApplicationKind, string> = {
  enterprise: '企业',
  college: '院校',
  industry: '产业机构',
};

export const ORGANIZATION_KIND_LABELS: Record<string, string> = {
  platform: '平台',
  enterprise: '企业',
  college: '院校',
};

/** Account names kept for the platform and for support staff. */
const RESERVED_ACCOUNTS = new Set(['platform', 'admin', 'administrator', 'root', 'system', 'kaopei']);

const APPLICATIONS_PER_IP_PER_HOUR = 20;

function organizationKindOf(kind: ApplicationKind): 'enterprise' | 'college' {
  return kind === 'college' ? 'college' : 'enterprise';
}

interface Identity {
  account?: string;
  phone?: string;
  email?: string | null;
  organizationName?: string;
}

/**
 * The first clash of a would-be organisation or account with what exists or is waiting for review, as a
 * message for the applicant; null when there is none.
 */
export async function findConflict(
  db: DbOrTx,
  identity: Identity,
  options: { exceptApplicationId?: number; exceptOrganizationId?: number } = {},
): Promise<string | null> {
  const account = identity.account?.toLowerCase();
  const email = identity.email?.toLowerCase();
  const orgName = identity.organizationName?.trim().toLowerCase();

  if (account && RESERVED_ACCOUNTS.has(account)) return `账号「${identity.account}」为系统保留，请更换`;
  const userClash = await findUserClashInAnyOrg(db, { account, phone: identity.phone, email });
  if (userClash === 'account') return `账号「${identity.account}」已被注册`;
  if (userClash === 'phone') return '该手机号已被注册，请直接登录或更换手机号';
  if (userClash === 'email') return '该邮箱已被注册，请更换邮箱';
  if (orgName) {
    const hit = await findOrganizationByNameInAnyOrg(db, orgName, options.exceptOrganizationId);
    if (hit) return `组织名称「${identity.organizationName?.trim()}」已被注册`;
  }

  const pending = await findPendingApplicationClashInAnyOrg(
    db,
    { organizationName: orgName, account, phone: identity.phone, email },
    options.exceptApplicationId,
  );
  if (pending === 'organizationName')
    return `组织名称「${identity.organizationName?.trim()}」已有待审核的入驻申请`;
  if (pending === 'account') return `账号「${identity.account}」已有待审核的入驻申请`;
  if (pending === 'phone') return '该手机号已有待审核的入驻申请';
  if (pending === 'email') return '该邮箱已有待审核的入驻申请';
  return null;
}

/** Sends the 'register' code for a sign-up, refusing numbers that already have an account. */
export async function sendRegisterCode(deps: Deps, phone: string, ip: string): Promise<void> {
  const clash = await findConflict(deps.db, { phone });
  if (clash) throw conflict(clash);
  await sendSmsCode(deps, phone, 'register', ip);
}

export interface ApplicationInput {
  kind: ApplicationKind;
  organizationName: string;
  contactName: string;
  phone: string;
  code: string;
  email?: string | null;
  account: string;
  password: string;
  encrypted?: boolean;
  industry?: string;
  scale?: string;
}

/**
 * Turns an application into an organisation (with its default roles) and its administrator, inside the
 * caller's transaction. The caller holds the sign-up lock and has checked for clashes.
 */
async function openOrganization(
  tx: Tx,
  application: ApplicationRow,
  reviewerId: number | null,
): Promise<number> {
  const org = await insertOrganization(tx, {
    name: application.organizationName,
    kind: organizationKindOf(application.kind as ApplicationKind),
  });
  if (!org) throw new Error('organisation insert failed');
  await createDefaultRoles(tx, org.id);
  const admin = await insertOrganizationAdmin(
    tx,
    { organizationId: org.id },
    {
      account: application.account,
      phone: application.phone,
      email: application.email,
      realName: application.contactName,
      isAdmin: true,
      passwordHash: application.passwordHash,
    },
  );
  if (!admin) throw new Error('administrator insert failed');
  await insertNoticeTo(
    tx,
    { organizationId: org.id },
    {
      type: 1,
      title: '欢迎入驻考培',
      content: `「${application.organizationName}」已开通。您是组织管理员，可以在系统管理中添加部门与员工、分配角色权限。`,
    },
    admin.id,
  );
  // The hash now lives on the administrator; the application keeps no copy.
  await markApplicationApprovedInAnyOrg(tx, application.id, {
    organizationId: org.id,
    reviewedBy: reviewerId,
  });
  await recordActivity(tx, {
    organizationId: org.id,
    actorId: admin.id,
    action: 'setup',
    detail: `创建了组织「${application.organizationName}」`,
  });
  return org.id;
}

/**
 * Company sign-up and education/industry registration. The SMS code proves the phone; approval is
 * immediate unless ORG_APPROVAL=manual, in which case a platform administrator reviews it.
 */
export async function submitApplication(
  deps: Deps,
  input: ApplicationInput,
  ip: string,
): Promise<ApplicationResult> {
  const { db, config } = deps;
  if ((await deps.rateLimiter.hit(`org-apply:ip:${ip}`, 3600)) > APPLICATIONS_PER_IP_PER_HOUR) {
    throw tooManyRequests('提交次数过多，请稍后再试');
  }
  const password = readNewPassword(deps, input.password, input.encrypted, '密码');
  const identity = {
    account: input.account,
    phone: input.phone,
    email: input.email,
    organizationName: input.organizationName,
  };
  const clash = await findConflict(db, identity);
  if (clash) throw conflict(clash);
  const problem = await consumeSmsCode(deps, input.phone, 'register', input.code);
  if (problem) throw badRequest(`${problem}`);
  const passwordHash = await hashPassword(password);
  const details: Record<string, string> = {};
  if (input.industry) details.industry = input.industry;
  if (input.scale) details.scale = input.scale;

  try {
    return await db.transaction(async (tx) => {
      await lockSignups(tx);
      const late = await findConflict(tx, identity);
      if (late) throw conflict(late);
      const application = await insertApplication(tx, {
        kind: input.kind,
        organizationName: input.organizationName.trim(),
        contactName: input.contactName,
        phone: input.phone,
        email: input.email || null,
        account: input.account,
        passwordHash,
        details,
      });
      if (!application) throw new Error('application insert failed');
      if (config.orgApproval === 'manual') {
        return { applicationId: application.id, status: APPLICATION_PENDING, organizationId: null };
      }
      const organizationId = await openOrganization(tx, application, null);
      return { applicationId: application.id, status: APPLICATION_APPROVED, organizationId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('账号、手机号或邮箱已被注册');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Platform review
// ---------------------------------------------------------------------------------------------------------

/** Only administrators of the platform organisation review applications. */
export async function requirePlatformAdmin(db: Db, ctx: RequestContext): Promise<void> {
  const org = await findOrganizationKind(db, ctx);
  if (!ctx.isAdmin || org?.kind !== 'platform') throw forbidden('仅平台管理员可以审核入驻申请');
}

function toView(row: ApplicationRow): ApplicationView {
  const details = (row.details ?? {}) as { industry?: unknown; scale?: unknown };
  return {
    applicationId: row.id,
    kind: row.kind,
    kindName: APPLICATION_KIND_LABELS[row.kind as ApplicationKind] ?? row.kind,
    organizationName: row.organizationName,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    account: row.account,
    industry: typeof details.industry === 'string' ? details.industry : null,
    scale: typeof details.scale === 'string' ? details.scale : null,
    status: row.status,
    reviewReason: row.reviewReason,
    reviewedAt: row.reviewedAt ? row.reviewedAt.getTime() : null,
    createdAt: row.createdAt.getTime(),
    organizationId: row.organizationId,
  };
}

export async function listApplications(
  db: Db,
  filter: { status?: number; keyword?: string },
  paging: { limit: number; offset: number },
): Promise<{ rows: ApplicationView[]; total: number }> {
  const { rows, total } = await listApplicationsInAnyOrg(db, filter, paging);
  return { rows: rows.map(toView), total };
}

async function pendingApplication(db: DbOrTx, id: number): Promise<ApplicationRow> {
  const row = await findApplicationInAnyOrg(db, id);
  if (!row) throw notFound('入驻申请不存在');
  if (row.status !== APPLICATION_PENDING) throw conflict('该申请已处理，请刷新列表');
  return row;
}

/** Tells the applicant the outcome by SMS and, when given, e-mail; failures are logged, not raised. */
async function notifyApplicant(
  deps: Deps,
  row: ApplicationRow,
  approved: boolean,
  reason: string | null,
  log: FastifyBaseLogger,
): Promise<void> {
  const loginUrl = `${deps.config.publicUrl}/login`;
  const text = approved
    ? `您提交的「${row.organizationName}」入驻申请已通过审核，请使用账号 ${row.account} 登录考培。`
    : `很抱歉，您提交的「${row.organizationName}」入驻申请未通过审核。原因：${reason ?? '未说明'}。`;
  try {
    await deps.sms.send({ phone: row.phone, content: `【考培】${text}` });
  } catch (error) {
    log.error({ err: error }, 'application result SMS could not be sent');
  }
  if (row.email) {
    try {
      await deps.mailer.send({
        to: row.email,
        subject: approved ? '【考培】入驻申请已通过' : '【考培】入驻申请未通过',
        text: `${row.contactName}，您好：\n\n${text}${approved ? `\n\n登录地址：${loginUrl}` : ''}`,
      });
    } catch (error) {
      log.error({ err: error }, 'application result e-mail could not be sent');
    }
  }
}

export async function approveApplication(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  log: FastifyBaseLogger,
): Promise<ApplicationView> {
  await pendingApplication(deps.db, id);
  const row = await deps.db.transaction(async (tx) => {
    await lockSignups(tx);
    const current = await pendingApplication(tx, id);
    const clash = await findConflict(
      tx,
      {
        account: current.account,
        phone: current.phone,
        email: current.email,
        organizationName: current.organizationName,
      },
      { exceptApplicationId: current.id },
    );
    if (clash) throw conflict(`无法通过：${clash}`);
    await openOrganization(tx, current, ctx.userId);
    return current;
  });
  await notifyApplicant(deps, row, true, null, log);
  const updated = await findApplicationInAnyOrg(deps.db, id);
  if (!updated) throw notFound('入驻申请不存在');
  return toView(updated);
}

export async function rejectApplication(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  reason: string,
  log: FastifyBaseLogger,
): Promise<ApplicationView> {
  await pendingApplication(deps.db, id);
  const updated = await rejectApplicationInAnyOrg(deps.db, id, { reason, reviewedBy: ctx.userId });
  if (!updated) throw conflict('该申请已处理，请刷新列表');
  await notifyApplicant(deps, updated, false, reason, log);
  return toView(updated);
}

// ---------------------------------------------------------------------------------------------------------
// The caller's organisation
// ---------------------------------------------------------------------------------------------------------

export async function organizationInfo(db: Db, ctx: RequestContext): Promise<OrganizationView> {
  const org = await findOrganization(db, ctx);
  if (!org) throw notFound('组织不存在');
  const counts = await countStaffAndDepartments(db, ctx);
  return {
    organizationId: org.id,
    organizationName: org.name,
    organizationLogoUrl: org.logoUrl,
    kind: org.kind,
    kindName: ORGANIZATION_KIND_LABELS[org.kind] ?? org.kind,
    createdAt: org.createdAt.getTime(),
    staffCount: counts.staff,
    departmentCount: counts.departments,
    editable: ctx.isAdmin,
    autoApproveAuditorQuestions: org.autoApproveAuditorQuestions,
  };
}

/** Whether questions saved by someone who may audit are stored approved (setting of the caller's organisation). */
export function autoApproveAuditorQuestions(db: DbOrTx, ctx: RequestContext): Promise<boolean> {
  return findAutoApproveAuditorQuestions(db, ctx);
}

/** Renames the organisation, changes its logo and/or its settings (administrators). */
export async function updateOrganization(
  deps: Deps,
  ctx: RequestContext,
  input: {
    organizationName?: string;
    organizationLogoUrl?: string | null;
    autoApproveAuditorQuestions?: boolean;
  },
): Promise<OrganizationView> {
  if (!ctx.isAdmin) throw forbidden('仅管理员可以修改组织信息');
  const { db } = deps;
  const changes: OrganizationChanges = {};
  if (input.organizationName !== undefined) changes.name = input.organizationName;
  if (input.organizationLogoUrl !== undefined) changes.logoUrl = input.organizationLogoUrl;
  if (input.autoApproveAuditorQuestions !== undefined) {
    changes.autoApproveAuditorQuestions = input.autoApproveAuditorQuestions;
  }
  await db.transaction(async (tx) => {
    await lockSignups(tx);
    if (changes.name) {
      const clash = await findConflict(
        tx,
        { organizationName: changes.name },
        { exceptOrganizationId: ctx.organizationId },
      );
      if (clash) throw conflict(clash);
    }
    await updateOwnOrganization(tx, ctx, changes);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'organization',
      detail: `${ctx.realName} 修改了组织信息`,
    });
  });
  return organizationInfo(db, ctx);
}
