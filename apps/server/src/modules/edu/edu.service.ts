import {
  EDU_PROJECT_STATUS_LABELS,
  type MemberType,
  type MemberView,
  type ProjectDetail,
  type ProjectInput,
  type ProjectView,
} from '@kaopei/shared/contracts/edu';
import type { RequestContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import type { Db, DbOrTx } from '../../db/client';
import {
  deleteProjectMembers,
  deleteProjects as deleteProjectRows,
  findOrganizationKind,
  findProject,
  findProjectsByIds,
  insertProject,
  insertProjectMembers,
  listProjectMembers,
  listProjects as listProjectRows,
  updateProject as updateProjectRow,
} from './edu.repo';

export const MEMBER_TYPE_LABELS: Record<MemberType, string> = { college: '院校', enterprise: '企业' };

/** Education–industry cooperation is for colleges and enterprises, not for the platform itself. */
export async function requireEduOrganization(db: Db, ctx: RequestContext): Promise<string> {
  const org = await findOrganizationKind(db, ctx);
  if (org?.kind !== 'college' && org?.kind !== 'enterprise') {
    throw forbidden('产教融合仅对院校和企业用户开放');
  }
  return org.kind;
}

type MemberInput = NonNullable<ProjectInput['members']>[number];

const statusName = (status: number) => EDU_PROJECT_STATUS_LABELS[status] ?? '';

function checkDates(input: Pick<ProjectInput, 'startDate' | 'endDate'>): void {
  if (input.startDate && input.endDate && input.endDate < input.startDate) {
    throw badRequest('结束日期不能早于开始日期');
  }
}

type ProjectRow = NonNullable<Awaited<ReturnType<typeof findProject>>>;

function toView(row: ProjectRow): ProjectView {
  return {
    ...row,
    memberCount: Number(row.memberCount),
    statusName: statusName(row.status),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function listProjects(
  db: Db,
  ctx: RequestContext,
  filter: { status?: number; keyword?: string },
  paging: { limit: number; offset: number },
): Promise<{ rows: ProjectView[]; total: number }> {
  const { rows, total } = await listProjectRows(db, ctx, filter, paging);
  return { rows: rows.map(toView), total };
}

async function loadProject(db: DbOrTx, ctx: RequestContext, projectId: number): Promise<ProjectView> {
  const row = await findProject(db, ctx, projectId);
  if (!row) throw notFound('项目不存在');
  return toView(row);
}

export async function projectDetail(
  db: DbOrTx,
  ctx: RequestContext,
  projectId: number,
): Promise<ProjectDetail> {
  const project = await loadProject(db, ctx, projectId);
  const members = await listProjectMembers(db, projectId);
  return {
    ...project,
    members: members.map((m): MemberView => ({
      ...m,
      // Stored from the checked input: always one of the member types.
      memberType: m.memberType as MemberType,
      memberTypeName: MEMBER_TYPE_LABELS[m.memberType as MemberType] ?? m.memberType,
    })),
  };
}

function memberRows(projectId: number, members: MemberInput[]) {
  return members.map((m) => ({
    projectId,
    memberType: m.memberType,
    name: m.name,
    contactName: m.contactName || null,
    contactPhone: m.contactPhone || null,
    role: m.role || null,
  }));
}

export async function createProject(
  db: Db,
  ctx: RequestContext,
  input: ProjectInput,
): Promise<ProjectDetail> {
  checkDates(input);
  const projectId = await db.transaction(async (tx) => {
    const project = await insertProject(tx, ctx, {
      name: input.name,
      description: input.description || null,
      status: input.status,
      startDate: input.startDate || null,
      endDate: input.endDate || null,
      createdBy: ctx.userId,
    });
    if (!project) throw new Error('project insert failed');
    if (input.members?.length) await insertProjectMembers(tx, memberRows(project.id, input.members));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'edu',
      detail: `${ctx.realName} 创建了产教融合项目「${input.name}」`,
    });
    return project.id;
  });
  return projectDetail(db, ctx, projectId);
}

export async function updateProject(
  db: Db,
  ctx: RequestContext,
  projectId: number,
  input: ProjectInput,
): Promise<ProjectDetail> {
  await loadProject(db, ctx, projectId);
  checkDates(input);
  await db.transaction(async (tx) => {
    await updateProjectRow(tx, ctx, projectId, {
      name: input.name,
      description: input.description || null,
      status: input.status,
      startDate: input.startDate || null,
      endDate: input.endDate || null,
    });
    if (input.members) {
      await deleteProjectMembers(tx, projectId);
      if (input.members.length) await insertProjectMembers(tx, memberRows(projectId, input.members));
    }
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'edu',
      detail: `${ctx.realName} 修改了产教融合项目「${input.name}」`,
    });
  });
  return projectDetail(db, ctx, projectId);
}

/** Deletes projects of the caller's organisation; any id that is not one of them is a 404. */
export async function deleteProjects(db: Db, ctx: RequestContext, projectIds: number[]): Promise<number> {
  const ids = [...new Set(projectIds)];
  const found = await findProjectsByIds(db, ctx, ids);
  if (found.length !== ids.length) throw notFound('项目不存在');
  await db.transaction(async (tx) => {
    await deleteProjectRows(tx, ctx, ids);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'edu',
      detail: `${ctx.realName} 删除了产教融合项目「${found.map((p) => p.name).join('、')}」`,
    });
  });
  return found.length;
}
