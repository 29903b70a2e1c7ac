import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { departmentContracts, MAX_BATCH_STAFF } from '@kaopei/shared/contracts/department';
import { notFound, ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { dateStamp, sendDownload } from '../../core/download';
import { XLSX_MIME } from '../../core/excel';
import {
  searchStaff,
  staffExport,
  staffExportRows,
  toDirectoryRow,
  type StaffFilter,
} from '../staff/staff.service';
import {
  addDepartment,
  allDepartments,
  deleteDepartment,
  departmentTree,
  exportDepartments,
  getLeaders,
  modifyDepartment,
  postMatchTree,
  searchTree,
  setLeaders,
  simpleSubtree,
  staffManageTree,
} from './department.service';

/** The colleague directory lists people by name. */
const BY_NAME = { field: 'realName', order: 'asc' } as const;

/**
 * Department reads that other pages use (trees, leaders, the colleague directory) are open to every
 * signed-in member of the organisation and carry no contact details; changes and exports need the
 * 员工管理 menu (contracts/department.ts).
 */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  routes(app, departmentContracts, {
    all: async (request) => ok(await allDepartments(db, request.ctx)),

    tree: async (request) => ok(await departmentTree(db, request.ctx)),

    staffTree: async (request) => ok(await staffManageTree(db, request.ctx)),

    postMatchTree: async (request) => ok(await postMatchTree(db, request.ctx, request.query.postId)),

    subtree: async (request) =>
      ok(await simpleSubtree(db, request.ctx, request.query.departmentId ?? undefined)),

    searchTree: async (request) => ok(await searchTree(db, request.ctx, request.body?.keyword ?? '')),

    add: async (request) => ok(await addDepartment(db, request.ctx, request.body)),

    modify: async (request) => {
      await modifyDepartment(db, request.ctx, request.body);
      return ok(null);
    },

    delete: async (request) => {
      await deleteDepartment(db, request.ctx, request.body.departmentId);
      return ok(null);
    },

    leaders: async (request) => ok(await getLeaders(db, request.ctx, request.query.departmentId)),

    setLeaders: async (request) =>
      ok(await setLeaders(db, request.ctx, request.body.departmentId, request.body.userIds)),

    staffs: async (request) => {
      const { departmentId, status, includeSubDepartments, page, size } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { departmentId, status, includeSubDepartments },
        toOffset({ page, size }),
        BY_NAME,
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },

    staffsBatch: async (request) => {
      const { departmentIds, status, includeSubDepartments } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { departmentIds, status, includeSubDepartments },
        { limit: MAX_BATCH_STAFF, offset: 0 },
        BY_NAME,
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },

    organizationStaffs: async (request) => {
      const { status, page, size } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { status },
        toOffset({ page, size }),
        BY_NAME,
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },

    export: async (request, reply) => {
      const data = await exportDepartments(db, request.ctx, request.query.departmentId ?? undefined);
      return sendDownload(reply, { fileName: `部门架构_${dateStamp()}.xlsx`, contentType: XLSX_MIME, data });
    },

    exportStaff: async (request, reply) => {
      const userIds = request.body?.userIds;
      const { sort, ...filterFields } = request.body?.filter ?? {};
      const filter: StaffFilter = userIds && userIds.length > 0 ? { userIds } : filterFields;
      const rows = await staffExportRows(db, request.ctx, filter, sort);
      if (userIds && userIds.length > 0 && rows.length !== new Set(userIds).size)
        throw notFound('员工不存在');
      return sendDownload(reply, await staffExport(db, request.ctx, rows));
    },
  });
};
