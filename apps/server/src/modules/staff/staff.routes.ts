import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Multipart, MultipartFields } from '@fastify/multipart';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { badRequest, idParam, ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import { posts } from '../../db/schema';
import { allDepartments } from '../department/department.service';
import {
  buildImportTemplate,
  contentDisposition,
  parseImportFile,
  XLSX_MIME,
  type DownloadFile,
} from './staff.excel';
import { runImport } from './staff.import';
import {
  addStaff,
  deleteStaff,
  modifyStaff,
  moveStaff,
  resetPassword,
  searchStaff,
  setStaffStatus,
  staffDetail,
  staffOptions,
} from './staff.service';
import {
  passwordSchema,
  staffAddBody,
  staffFilterSchema,
  staffModifyBody,
  staffStatus,
  userIdList,
} from './staff.schemas';

/** The menu entry every staff-management call belongs to. */
export const STAFF_MENU = '/manage/system/staff';
/** Assigning roles also needs the permission page (or admin). */
const ROLE_MENU = '/manage/system/permission';
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const TAGS = ['员工管理'];

/** Sends a generated file as a download with a UTF-8 file name. */
export function sendDownload(reply: FastifyReply, file: DownloadFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'no-store')
    .send(file.data);
}

function fieldValue(fields: MultipartFields, name: string): string | undefined {
  const entry = fields[name];
  const first = (Array.isArray(entry) ? entry[0] : entry) as Multipart | undefined;
  if (!first || first.type !== 'field') return undefined;
  return typeof first.value === 'string' ? first.value : undefined;
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const menu = { menu: STAFF_MENU };

  const canAssignRoles = async (request: FastifyRequest) =>
    request.ctx.isAdmin || (await app.deps.menus.grantedUrls(request.ctx)).has(ROLE_MENU);

  app.post(
    '/user/api/v2/staff/search',
    {
      // Pickers on the role and message pages search staff too.
      config: { menu: [STAFF_MENU, ROLE_MENU] },
      schema: {
        tags: TAGS,
        summary: '员工搜索（分页；部门含下级部门；关键词匹配姓名/账号/手机号/邮箱；sort 按白名单字段排序）',
        querystring: zeroBasedPaging,
        body: staffFilterSchema.optional(),
      },
    },
    async (request) => {
      const { sort, ...filter } = request.body ?? {};
      const { rows, total } = await searchStaff(db, request.ctx, filter, toOffset(request.query), sort);
      return okPage(rows, total);
    },
  );

  app.get(
    '/user/api/v1/staff/detail',
    {
      config: menu,
      schema: { tags: TAGS, summary: '员工详情', querystring: z.object({ userId: idParam('userId') }) },
    },
    async (request) => ok(await staffDetail(db, request.ctx, request.query.userId)),
  );

  app.get(
    '/user/api/v1/staff/options',
    { config: menu, schema: { tags: TAGS, summary: '员工表单的可选项：角色与岗位' } },
    async (request) => ok(await staffOptions(db, request.ctx)),
  );

  app.post(
    '/user/api/v1/staff/add',
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary:
          '新增员工（未填密码时生成随机强密码，仅在本次响应中返回 initialPassword；未选角色时授予默认角色）',
        body: staffAddBody,
      },
    },
    async (request) => {
      const options = {
        canAssignRoles: request.body.roleIds === undefined || (await canAssignRoles(request)),
      };
      return ok(await addStaff(db, request.ctx, request.body, options));
    },
  );

  app.post(
    '/user/api/v1/staff/modify',
    {
      config: menu,
      schema: { tags: TAGS, summary: '修改员工（只改传入的字段；null 清空选填字段）', body: staffModifyBody },
    },
    async (request) => {
      const options = {
        canAssignRoles: request.body.roleIds === undefined || (await canAssignRoles(request)),
      };
      await modifyStaff(db, request.ctx, request.body, options);
      return ok(await staffDetail(db, request.ctx, request.body.userId));
    },
  );

  app.post(
    '/user/api/v1/staff/delete',
    {
      config: menu,
      schema: { tags: TAGS, summary: '删除员工（不能删除自己）', body: z.object({ userIds: userIdList }) },
    },
    async (request) => ok({ count: await deleteStaff(db, request.ctx, request.body.userIds) }),
  );

  app.post(
    '/user/api/v1/staff/status',
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '设置在职（0）/离职（1）；离职即停用账号，不能停用自己',
        body: z.object({ userIds: userIdList, status: staffStatus }),
      },
    },
    async (request) =>
      ok({ count: await setStaffStatus(db, request.ctx, request.body.userIds, request.body.status) }),
  );

  app.post(
    '/user/api/v1/staff/move',
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '批量调整部门',
        body: z.object({ userIds: userIdList, departmentId: idParam('departmentId') }),
      },
    },
    async (request) =>
      ok({ count: await moveStaff(db, request.ctx, request.body.userIds, request.body.departmentId) }),
  );

  app.post(
    '/user/api/v1/staff/reset-password',
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '重置密码（未填写时生成随机强密码，仅返回一次）；该员工的登录会话全部失效',
        body: z.object({
          userId: idParam('userId'),
          password: z.preprocess((v) => (v === '' ? null : v), passwordSchema.nullable()).optional(),
        }),
      },
    },
    async (request) => ok(await resetPassword(db, request.ctx, request.body.userId, request.body.password)),
  );

  app.get(
    '/user/api/v1/files/download/excel/auth',
    { config: menu, schema: { tags: TAGS, summary: '下载员工导入模板（.xlsx）' } },
    async (request, reply) => {
      const [departmentList, postRows] = await Promise.all([
        allDepartments(db, request.ctx),
        db
          .select({ name: posts.name })
          .from(posts)
          .where(eq(posts.organizationId, request.ctx.organizationId))
          .orderBy(asc(posts.name)),
      ]);
      const data = await buildImportTemplate(
        departmentList.map((d) => d.path),
        postRows.map((p) => p.name),
      );
      return sendDownload(reply, { fileName: '员工导入模板.xlsx', contentType: XLSX_MIME, data });
    },
  );

  app.post(
    '/user/api/v1/staff/import',
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary:
          '导入员工（multipart：可选字段 defaultPassword 在前，文件字段 file）。mode=all 有任何错误行则全部不导入；mode=valid 只导入正确行。返回 jobId，进度与结果见 GET /user/api/v1/jobs/:id',
        querystring: z.object({
          mode: z
            .enum(['all', 'valid'], { error: 'mode 只能是 all（全部导入）或 valid（仅导入正确行）' })
            .default('all'),
        }),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传 Excel 文件');
      const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择要导入的 Excel 文件');
      if (!/\.xlsx$/i.test(part.filename)) {
        part.file.resume();
        throw badRequest('仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板');
      }
      const buffer = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${MAX_IMPORT_BYTES / 1024 / 1024}MB`);
      });
      const rawDefault = fieldValue(part.fields, 'defaultPassword')?.trim() || undefined;
      if (rawDefault !== undefined) {
        const checked = passwordSchema.safeParse(rawDefault);
        if (!checked.success)
          throw badRequest(`默认初始密码不正确：${checked.error.issues[0]?.message ?? ''}`);
      }
      const rows = await parseImportFile(buffer);
      const ctx: RequestContext = { ...request.ctx };
      const jobId = await app.deps.jobs.start(ctx, 'staff-import', rows.length, (progress) =>
        runImport(db, ctx, rows, { mode: request.query.mode, defaultPassword: rawDefault }, progress),
      );
      return ok({ jobId, total: rows.length });
    },
  );
};
