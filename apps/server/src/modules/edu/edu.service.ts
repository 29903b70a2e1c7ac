import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EDU_PROJECT_STATUS_LABELS,
  type MemberType,
  type MemberView,
  type ProjectDetail,
  type ProjectInput,
  type ProjectView,
} from '@kaopei/shared/contracts/edu';
import type { RequestContext } from '../../core/context';
import { scoped } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import type { Db, DbOrTx } from '../../db/client';
import { eduProjectMembers, eduProjects, organizations, users } from '../../db/schema';

export const MEMBER_TYPE_LABELS: Record<MemberType, string> = { college: '院校', enterprise: '企业' };

/** Education–industry cooperation is for colleges and enterprises, not for the platform itself. */
export async function requireEduOrganization(db: Db, ctx: RequestContext): Promise<string> {
  const [org] = await db
    .select({ kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  if (org?.kind !== 'college' && org?.kind !== 'enterprise') {
    throw forbidden('产教融合仅对院校和企业用户开放');
  }
  return org.kind;
}

type MemberInput = NonNullable<ProjectInput['members']>[number];

const statusName = (status: number) => EDU_PROJECT_STATUS_LABELS[status] ?? '';

function checkDates(input: Pick<ProjectInput, 'startDate' | 'endDate'>): void {
  if (input.startDate && input.endDate && input.endDate < input.startDate) {
    throw badRequest('参数 endDate 不正确：结束日期不能早于开始日期');
  }
}

const projectColumns = {
  projectId: eduProjects.id,
  name: eduProjects.name,
  description: eduProjects.description,
  status: eduProjects.status,
  startDate: eduProjects.startDate,
  endDate: eduProjects.endDate,
  createdByName: users.realName,
  createdAt: eduProjects.createdAt,
  updatedAt: eduProjects.updatedAt,
  memberCount: sql<number>`(select count(*)::int from ${eduProjectMembers} where ${eduProjectMembers.projectId} = ${eduProjects.id})`,
};

interface ProjectRow {
  projectId: number;
  name: string;
  description: string | null;
  status: number;
  startDate: string | null;
  endDate: string | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  memberCount: number;
}

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
  const keyword = filter.keyword?.trim();
  const where = scoped(
    eduProjects.organizationId,
    ctx,
    filter.status === undefined ? undefined : eq(eduProjects.status, filter.status),
    keyword
      ? sql`${eduProjects.name} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(projectColumns)
      .from(eduProjects)
      .leftJoin(users, eq(users.id, eduProjects.createdBy))
      .where(where)
      .orderBy(desc(eduProjects.createdAt), desc(eduProjects.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(eduProjects).where(where),
  ]);
  return { rows: rows.map(toView), total: totalRow?.total ?? 0 };
}

async function findProject(db: DbOrTx, ctx: RequestContext, projectId: number): Promise<ProjectView> {
  const [row] = await db
    .select(projectColumns)
    .from(eduProjects)
    .leftJoin(users, eq(users.id, eduProjects.createdBy))
    .where(scoped(eduProjects.organizationId, ctx, eq(eduProjects.id, projectId)));
  if (!row) throw notFound('项目不存在');
  return toView(row);
}

export async function projectDetail(
  db: DbOrTx,
  ctx: RequestContext,
  projectId: number,
): Promise<ProjectDetail> {
  const project = await findProject(db, ctx, projectId);
  const members = await db
    .select({
      memberId: eduProjectMembers.id,
      memberType: eduProjectMembers.memberType,
      name: eduProjectMembers.name,
      contactName: eduProjectMembers.contactName,
      contactPhone: eduProjectMembers.contactPhone,
      role: eduProjectMembers.role,
    })
    .from(eduProjectMembers)
    .where(eq(eduProjectMembers.projectId, projectId))
    .orderBy(asc(eduProjectMembers.id));
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
    const [project] = await tx
      .insert(eduProjects)
      .values({
        organizationId: ctx.organizationId,
        name: input.name,
        description: input.description || null,
        status: input.status,
        startDate: input.startDate || null,
        endDate: input.endDate || null,
        createdBy: ctx.userId,
      })
      .returning({ id: eduProjects.id });
    if (!project) throw new Error('project insert failed');
    if (input.members?.length)
      await tx.insert(eduProjectMembers).values(memberRows(project.id, input.members));
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
  await findProject(db, ctx, projectId);
  checkDates(input);
  await db.transaction(async (tx) => {
    await tx
      .update(eduProjects)
      .set({
        name: input.name,
        description: input.description || null,
        status: input.status,
        startDate: input.startDate || null,
        endDate: input.endDate || null,
        updatedAt: new Date(),
      })
      .where(scoped(eduProjects.organizationId, ctx, eq(eduProjects.id, projectId)));
    if (input.members) {
      await tx.delete(eduProjectMembers).where(eq(eduProjectMembers.projectId, projectId));
      if (input.members.length)
        await tx.insert(eduProjectMembers).values(memberRows(projectId, input.members));
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
  const found = await db
    .select({ id: eduProjects.id, name: eduProjects.name })
    .from(eduProjects)
    .where(scoped(eduProjects.organizationId, ctx, inArray(eduProjects.id, ids)));
  if (found.length !== ids.length) throw notFound('项目不存在');
  await db.transaction(async (tx) => {
    await tx.delete(eduProjects).where(scoped(eduProjects.organizationId, ctx, inArray(eduProjects.id, ids)));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'edu',
      detail: `${ctx.realName} 删除了产教融合项目「${found.map((p) => p.name).join('、')}」`,
    });
  });
  return found.length;
}
