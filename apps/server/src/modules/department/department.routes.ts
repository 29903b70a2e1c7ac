import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, notFound, ok, okPage } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { XLSX_MIME, staffExportFile } from '../staff/staff.excel';
import { STAFF_MENU, sendDownload } from '../staff/staff.routes';
import { searchStaff, staffExportRows, toDirectoryRow, type StaffFilter } from '../staff/staff.service';
import {
  booleanQuery,
  idArrayQuery,
  nullableId,
  staffFilterSchema,
  staffStatus,
} from '../staff/staff.schemas';
import { contentDisposition, dateStamp } from '../staff/staff.rules';
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

const TAGS = ['部门'];
const PREFIX = '/user/api/v1/department';
/** Directory lists without paging return at most this many people. */
const MAX_BATCH_STAFF = 10_000;

const departmentName = z
  .string({ error: '部门名称不能为空' })
  .trim()
  .min(1, '部门名称不能为空')
  .max(50, '部门名称不能超过 50 个字符')
  .refine((value) => !/[/\\／]/.test(value), { error: '部门名称不能包含“/”或“\\”（“/”用于分隔部门路径）' });

const directoryQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), staffStatus.default(0)),
  includeSubDepartments: booleanQuery,
});

/**
 * Department reads that other pages use (trees, leaders, the colleague directory) are open to every
 * signed-in member of the organisation and carry no contact details; changes and exports need the
 * 员工管理 menu.
 */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const menu = { menu: STAFF_MENU };

  app.get(
    `${PREFIX}/all`,
    { schema: { tags: TAGS, summary: '全部部门（平铺，树的先序，含完整路径）' } },
    async (request) => ok(await allDepartments(db, request.ctx)),
  );

  app.get(
    `${PREFIX}/tree`,
    { schema: { tags: TAGS, summary: '部门树（staffCount 为含下级部门的在职人数）' } },
    async (request) => ok(await departmentTree(db, request.ctx)),
  );

  app.get(
    `${PREFIX}/tree/staff-manage`,
    { schema: { tags: TAGS, summary: '部门树，每个部门带本部门在职员工 staffs [{realName, userId}]' } },
    async (request) => ok(await staffManageTree(db, request.ctx)),
  );

  app.get(
    `${PREFIX}/tree/post/match`,
    {
      schema: {
        tags: TAGS,
        summary: '部门树，标出岗位为 postId 的员工（matched），matchedCount 含下级部门',
        querystring: z.object({ postId: idParam('postId') }),
      },
    },
    async (request) => ok(await postMatchTree(db, request.ctx, request.query.postId)),
  );

  app.get(
    `${PREFIX}/subtree/simple`,
    {
      schema: {
        tags: TAGS,
        summary: '以 departmentId 为根的子树（只含 id 与名称）；不传则为整棵树',
        querystring: z.object({ departmentId: nullableId('departmentId') }),
      },
    },
    async (request) => ok(await simpleSubtree(db, request.ctx, request.query.departmentId ?? undefined)),
  );

  app.post(
    `${PREFIX}/tree/search`,
    {
      schema: {
        tags: TAGS,
        summary: '按名称搜索部门树：命中的部门（matched）连同其上级与下级',
        body: z
          .object({ keyword: z.string().trim().max(50, '关键词不能超过 50 个字符').default('') })
          .optional(),
      },
    },
    async (request) => ok(await searchTree(db, request.ctx, request.body?.keyword ?? '')),
  );

  app.post(
    `${PREFIX}/add`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '新增部门（parentId 为空则为一级部门；同级不能重名）',
        body: z.object({ name: departmentName, parentId: nullableId('parentId') }),
      },
    },
    async (request) => ok(await addDepartment(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/modify`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary:
          '修改部门：改名、移动（parentId，null 为一级；不能移到自身或下级之下）、排序（sort 为同级中的位置，从 0 起）',
        body: z.object({
          departmentId: idParam('departmentId'),
          name: departmentName.optional(),
          parentId: nullableId('parentId'),
          sort: z.coerce
            .number({ error: 'sort 必须是整数' })
            .int({ error: 'sort 必须是整数' })
            .min(0, { error: 'sort 不能小于 0' })
            .max(100_000, { error: 'sort 过大' })
            .optional(),
        }),
      },
    },
    async (request) => {
      await modifyDepartment(db, request.ctx, request.body);
      return ok(null);
    },
  );

  app.post(
    `${PREFIX}/delete`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '删除部门（部门下还有员工或子部门时拒绝）',
        body: z.object({ departmentId: idParam('departmentId') }),
      },
    },
    async (request) => {
      await deleteDepartment(db, request.ctx, request.body.departmentId);
      return ok(null);
    },
  );

  app.get(
    `${PREFIX}/get/department/leaders`,
    {
      schema: {
        tags: TAGS,
        summary: '部门负责人',
        querystring: z.object({ departmentId: idParam('departmentId') }),
      },
    },
    async (request) => ok(await getLeaders(db, request.ctx, request.query.departmentId)),
  );

  app.post(
    `${PREFIX}/set/department/leaders`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '设置部门负责人（整体替换；须为本组织在职员工，可来自任意部门；空数组为清空）',
        body: z.object({
          departmentId: idParam('departmentId'),
          userIds: z.array(idParam('userIds')).max(20, '负责人最多 20 人'),
        }),
      },
    },
    async (request) => ok(await setLeaders(db, request.ctx, request.body.departmentId, request.body.userIds)),
  );

  app.get(
    `${PREFIX}/staffs`,
    {
      schema: {
        tags: TAGS,
        summary: '部门员工（分页；默认在职；默认含下级部门）',
        querystring: zeroBasedPaging
          .extend(directoryQuery.shape)
          .extend({ departmentId: idParam('departmentId') }),
      },
    },
    async (request) => {
      const { departmentId, status, includeSubDepartments, ...paging } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { departmentId, status, includeSubDepartments },
        toOffset(paging),
        { field: 'realName', order: 'asc' },
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },
  );

  app.get(
    `${PREFIX}/staffs/batch`,
    {
      schema: {
        tags: TAGS,
        summary: `多个部门的员工（?departmentIds=1&departmentIds=2；默认在职、含下级部门；最多 ${MAX_BATCH_STAFF} 人）`,
        querystring: directoryQuery.extend({ departmentIds: idArrayQuery('departmentIds') }),
      },
    },
    async (request) => {
      const { departmentIds, status, includeSubDepartments } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { departmentIds, status, includeSubDepartments },
        { limit: MAX_BATCH_STAFF, offset: 0 },
        { field: 'realName', order: 'asc' },
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },
  );

  app.get(
    `${PREFIX}/organization/staffs`,
    {
      schema: {
        tags: TAGS,
        summary: '本组织员工（分页；默认在职）',
        querystring: zeroBasedPaging.extend({ status: directoryQuery.shape.status }),
      },
    },
    async (request) => {
      const { status, ...paging } = request.query;
      const { rows, total } = await searchStaff(
        db,
        request.ctx,
        { status },
        toOffset(paging),
        { field: 'realName', order: 'asc' },
        { withRoles: false },
      );
      return okPage(rows.map(toDirectoryRow), total);
    },
  );

  app.get(
    `${PREFIX}/export`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '导出部门架构与人数（.xlsx）；传 departmentId 则只导出该部门及其下级',
        querystring: z.object({ departmentId: nullableId('departmentId') }),
      },
    },
    async (request, reply) => {
      const data = await exportDepartments(db, request.ctx, request.query.departmentId ?? undefined);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition(`部门架构_${dateStamp()}.xlsx`))
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );

  app.post(
    `${PREFIX}/export/specific`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary:
          '导出员工（.xlsx；超过 5000 人时为多个 .xlsx 的 zip）。body：{userIds} 指定员工，或 {filter} 同员工搜索条件',
        body: z
          .object({
            userIds: z.array(idParam('userIds')).max(100_000, '一次最多导出 100000 人').optional(),
            filter: staffFilterSchema.optional(),
          })
          .optional(),
      },
    },
    async (request, reply) => {
      const userIds = request.body?.userIds;
      const { sort, ...filterFields } = request.body?.filter ?? {};
      const filter: StaffFilter = userIds && userIds.length > 0 ? { userIds } : filterFields;
      const rows = await staffExportRows(db, request.ctx, filter, sort);
      if (userIds && userIds.length > 0 && rows.length !== new Set(userIds).size)
        throw notFound('员工不存在');
      const file = await staffExportFile(rows);
      await recordActivity(db, {
        organizationId: request.ctx.organizationId,
        actorId: request.ctx.userId,
        action: '导出员工',
        detail: `导出了 ${rows.length} 名员工的信息`,
      });
      return sendDownload(reply, file);
    },
  );
};
