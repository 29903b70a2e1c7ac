import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Multipart, MultipartFields } from '@fastify/multipart';
import { toOffset } from '@kaopei/shared';
import { passwordSchema, ROLE_MENU, staffContracts } from '@kaopei/shared/contracts/staff';
import { badRequest, ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import { sendDownload } from '../../core/download';
import { receiveXlsx, XLSX_MIME } from '../../core/excel';
import { routes } from '../../core/route';
import { allDepartments } from '../department/department.service';
import { buildImportTemplate, parseImportFile } from './staff.excel';
import { runImport } from './staff.import';

/** A staff import as the job queue carries it (core/jobs.ts). */
interface StaffImportInput {
  rows: Parameters<typeof runImport>[2];
  options: Parameters<typeof runImport>[3];
}
import { listPostNames } from './staff.repo';
import {
  addStaff,
  deleteStaff,
  modifyStaff,
  moveStaff,
  resetPassword,
  assertMayGiveDefaultRole,
  searchStaff,
  setStaffStatus,
  staffDetail,
  staffExport,
  staffExportRows,
  staffOptions,
} from './staff.service';

export { STAFF_MENU } from '@kaopei/shared/contracts/staff';

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

function fieldValue(fields: MultipartFields, name: string): string | undefined {
  const entry = fields[name];
  const first = (Array.isArray(entry) ? entry[0] : entry) as Multipart | undefined;
  if (!first || first.type !== 'field') return undefined;
  return typeof first.value === 'string' ? first.value : undefined;
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.deps.jobs.define<StaffImportInput>('staff-import', (ctx, { rows, options }, progress) =>
    runImport(db, ctx, rows, options, progress),
  );

  const canAssignRoles = async (request: FastifyRequest) =>
    request.ctx.isAdmin || (await app.deps.menus.grantedUrls(request.ctx)).has(ROLE_MENU);

  routes(app, staffContracts, {
    search: async (request) => {
      const { sort, ...filter } = request.body ?? {};
      const { page, size } = request.query;
      const { rows, total } = await searchStaff(db, request.ctx, filter, toOffset({ page, size }), sort);
      return okPage(rows, total);
    },

    detail: async (request) => ok(await staffDetail(db, request.ctx, request.query.userId)),

    options: async (request) => ok(await staffOptions(db, request.ctx)),

    add: async (request) => {
      const options = {
        canAssignRoles: request.body.roleIds === undefined || (await canAssignRoles(request)),
      };
      return ok(await addStaff(app.deps, request.ctx, request.body, options));
    },

    modify: async (request) => {
      const options = {
        canAssignRoles: request.body.roleIds === undefined || (await canAssignRoles(request)),
      };
      await modifyStaff(app.deps, request.ctx, request.body, options);
      return ok(await staffDetail(db, request.ctx, request.body.userId));
    },

    delete: async (request) => ok({ count: await deleteStaff(app.deps, request.ctx, request.body.userIds) }),

    status: async (request) =>
      ok({ count: await setStaffStatus(app.deps, request.ctx, request.body.userIds, request.body.status) }),

    move: async (request) =>
      ok({ count: await moveStaff(app.deps, request.ctx, request.body.userIds, request.body.departmentId) }),

    resetPassword: async (request) =>
      ok(await resetPassword(app.deps, request.ctx, request.body.userId, request.body.password)),

    // Spec §7 "staff download": every staff member of the organisation, as the staff export gives them.
    download: async (request, reply) => {
      const rows = await staffExportRows(db, request.ctx, {});
      return sendDownload(reply, await staffExport(db, request.ctx, rows));
    },

    importTemplate: async (request, reply) => {
      const [departmentList, postRows] = await Promise.all([
        allDepartments(db, request.ctx),
        listPostNames(db, request.ctx),
      ]);
      const data = await buildImportTemplate(
        departmentList.map((d) => d.path),
        postRows.map((p) => p.name),
      );
      return sendDownload(reply, { fileName: '员工导入模板.xlsx', contentType: XLSX_MIME, data });
    },

    import: async (request) => {
      const { buffer, fields } = await receiveXlsx(
        request,
        MAX_IMPORT_BYTES,
        '仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板',
      );
      const rawDefault = fieldValue(fields, 'defaultPassword')?.trim() || undefined;
      if (rawDefault !== undefined) {
        const checked = passwordSchema.safeParse(rawDefault);
        if (!checked.success)
          throw badRequest(`默认初始密码不正确：${checked.error.issues[0]?.message ?? ''}`);
      }
      await assertMayGiveDefaultRole(app.deps, request.ctx);
      const rows = await parseImportFile(buffer);
      const ctx: RequestContext = { ...request.ctx };
      const input: StaffImportInput = {
        rows,
        options: { mode: request.query.mode, defaultPassword: rawDefault },
      };
      const jobId = await app.deps.jobs.start(ctx, 'staff-import', rows.length, input);
      return ok({ jobId, total: rows.length });
    },
  });
};
