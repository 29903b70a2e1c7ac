import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { forbidden, idParam, ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import {
  createProject,
  deleteProjects,
  listProjects,
  projectDetail,
  requireEduOrganization,
  updateProject,
} from './edu.service';

const statusField = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(2, message);

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

const memberSchema = z.object({
  memberType: z.enum(['college', 'enterprise'], {
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

const projectSchema = z.object({
  name: z
    .string({ error: '请输入项目名称' })
    .trim()
    .min(1, '请输入项目名称')
    .max(200, '项目名称不能超过 200 个字符'),
  description: optionalText('项目简介', 5000),
  status: statusField('项目状态只能是 0 筹备中、1 进行中或 2 已结束').default(0),
  startDate: dateField('开始日期'),
  endDate: dateField('结束日期'),
  members: z.array(memberSchema).max(100, '一个项目最多 100 个成员单位').optional(),
});

const projectIdQuery = z.object({ projectId: idParam('projectId') });

/** Education–industry cooperation projects (产教融合) of the caller's college or enterprise. */
export const eduRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** Changes are for the organisation's administrators. */
  const requireManager = async (ctx: RequestContext) => {
    await requireEduOrganization(db, ctx);
    if (!ctx.isAdmin) throw forbidden('仅管理员可以维护产教融合项目');
  };

  app.get(
    '/user/api/v1/edu/project/list',
    {
      schema: {
        tags: ['产教融合'],
        summary: '产教融合项目列表（分页，可按状态筛选）',
        querystring: zeroBasedPaging.extend({
          status: statusField('status 只能是 0、1 或 2').optional(),
          keyword: z.string().trim().max(100, '关键字不能超过 100 个字符').optional(),
        }),
      },
    },
    async (request) => {
      await requireEduOrganization(db, request.ctx);
      const { status, keyword } = request.query;
      const { rows, total } = await listProjects(
        db,
        request.ctx,
        { status, keyword },
        toOffset(request.query),
      );
      return okPage(rows, total);
    },
  );

  app.get(
    '/user/api/v1/edu/project/detail',
    { schema: { tags: ['产教融合'], summary: '项目详情（含成员单位）', querystring: projectIdQuery } },
    async (request) => {
      await requireEduOrganization(db, request.ctx);
      return ok(await projectDetail(db, request.ctx, request.query.projectId));
    },
  );

  app.post(
    '/user/api/v1/edu/project/add',
    { schema: { tags: ['产教融合'], summary: '新建项目（管理员）', body: projectSchema } },
    async (request) => {
      await requireManager(request.ctx);
      return ok(await createProject(db, request.ctx, request.body));
    },
  );

  app.post(
    '/user/api/v1/edu/project/modify',
    {
      schema: {
        tags: ['产教融合'],
        summary: '修改项目（管理员）；带 members 时整体替换成员单位',
        querystring: projectIdQuery,
        body: projectSchema,
      },
    },
    async (request) => {
      await requireManager(request.ctx);
      return ok(await updateProject(db, request.ctx, request.query.projectId, request.body));
    },
  );

  app.post(
    '/user/api/v1/edu/project/delete',
    {
      schema: {
        tags: ['产教融合'],
        summary: '删除项目（管理员）',
        body: z.object({
          projectIds: z
            .array(idParam('projectIds'))
            .min(1, '请选择要删除的项目')
            .max(1000, '一次最多删除 1000 个项目'),
        }),
      },
    },
    async (request) => {
      await requireManager(request.ctx);
      return ok({ count: await deleteProjects(db, request.ctx, request.body.projectIds) });
    },
  );
};
