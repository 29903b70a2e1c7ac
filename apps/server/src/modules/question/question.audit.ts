import { AUDIT_MENUS } from '@kaopei/shared/contracts/question';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { MenuService } from '../menu/menu.service';
import { autoApproveAuditorQuestions } from '../org/org.service';

/**
 * The audit state of saved questions (issue 14 point 5). Every path that creates or rewrites a question
 * (write, edit, batch, Excel import, copy of questions or of a whole bank) takes its audit columns from
 * `auditStateOnSave`, decided before the write's transaction opens (PGlite has one connection).
 */

/** A question's audit columns as a save sets them. */
export interface AuditStamp {
  /** 0 待审核, 1 已通过. */
  status: 0 | 1;
  auditReason: null;
  auditedBy: number | null;
  auditedAt: Date | null;
}

/** What saving needs: the database, and the menus that say who may audit. */
export interface QuestionSaveDeps {
  db: Db;
  menus: Pick<MenuService, 'grantedUrls'>;
}

export const PENDING_AUDIT: AuditStamp = { status: 0, auditReason: null, auditedBy: null, auditedAt: null };

/** Whether the caller may audit questions: administrators, and roles granted 试题审核 (the check route's menu). */
export async function mayAuditQuestions(
  menus: Pick<MenuService, 'grantedUrls'>,
  ctx: RequestContext,
): Promise<boolean> {
  if (ctx.isAdmin) return true;
  const granted = await menus.grantedUrls(ctx);
  return AUDIT_MENUS.some((url) => granted.has(url));
}

/**
 * The audit state of a question the caller saves: approved by the caller now, as their audit would
 * record it, when they may audit questions and their organisation's setting 审核人员录入的试题免审核 is
 * on; otherwise 待审核 (so a non-auditor's edit sends an approved question back to audit).
 */
export async function auditStateOnSave(deps: QuestionSaveDeps, ctx: RequestContext): Promise<AuditStamp> {
  if (!(await mayAuditQuestions(deps.menus, ctx))) return PENDING_AUDIT;
  if (!(await autoApproveAuditorQuestions(deps.db, ctx))) return PENDING_AUDIT;
  return { status: 1, auditReason: null, auditedBy: ctx.userId, auditedAt: new Date() };
}
