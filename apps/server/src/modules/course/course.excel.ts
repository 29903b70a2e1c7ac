import ExcelJS from 'exceljs';
import { COURSE_ENROLMENT_LABELS, COURSE_KIND_LABELS, COURSE_STATUS_LABELS } from '@kaopei/shared';
import { COURSE_EXPORT_MAX, MEMBER_STATE_LABELS } from '@kaopei/shared/contracts/course';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import { searchCourseRecords, type CourseSearch } from './course.repo';
import { toCourseRows } from './course.service';
import { listMembers } from './course-member.service';
import type { MemberSearch } from './course-member.repo';

/** The course list and a course's members as .xlsx (core/excel.ts makes every text cell safe). */

const when = (ms: number | null) =>
  ms === null ? '' : new Date(ms).toLocaleString('zh-CN', { hour12: false });

function sheetOf(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number }[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  styleHeaderRow(sheet);
  return sheet;
}

export async function exportCourses(
  db: Db,
  ctx: RequestContext,
  filter: CourseSearch,
): Promise<DownloadFile> {
  const found = await searchCourseRecords(db, ctx, filter, { limit: COURSE_EXPORT_MAX, offset: 0 });
  if (found.total > COURSE_EXPORT_MAX)
    throw badRequest(`一次最多导出 ${COURSE_EXPORT_MAX} 门课程，请缩小筛选范围`);
  const rows = await toCourseRows(db, ctx, found.rows);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = sheetOf(workbook, '课程列表', [
    { header: '课程名称', key: 'name', width: 30 },
    { header: '课程分类', key: 'category', width: 16 },
    { header: '类型', key: 'kind', width: 8 },
    { header: '状态', key: 'status', width: 10 },
    { header: '学员范围', key: 'enrolment', width: 10 },
    { header: '学分', key: 'credits', width: 8 },
    { header: '学时（分钟）', key: 'minutes', width: 12 },
    { header: '讲师', key: 'teachers', width: 20 },
    { header: '标签', key: 'tags', width: 20 },
    { header: '小节数', key: 'sections', width: 8 },
    { header: '学员数', key: 'members', width: 8 },
    { header: '已完成', key: 'completed', width: 8 },
    { header: '完成率(%)', key: 'rate', width: 10 },
    { header: '平均评分', key: 'rating', width: 10 },
    { header: '创建时间', key: 'createdAt', width: 20 },
  ]);
  for (const r of rows)
    sheet.addRow({
      name: r.name,
      category: r.categoryName ?? '全部课程',
      kind: COURSE_KIND_LABELS[r.kind],
      status: COURSE_STATUS_LABELS[r.status],
      enrolment: COURSE_ENROLMENT_LABELS[r.enrolment],
      credits: r.credits,
      minutes: r.minutes,
      teachers: r.teachers.map((t) => t.name).join('、'),
      tags: r.tags.map((t) => t.name).join('、'),
      sections: r.sectionCount,
      members: r.memberCount,
      completed: r.completedCount,
      rate: r.completionRate,
      rating: r.averageRating ?? '',
      createdAt: when(r.createdAt),
    });
  sheet.getColumn('rate').numFmt = '0.0';
  sheet.getColumn('rating').numFmt = '0.0';
  return {
    fileName: `课程列表_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

export async function exportMembers(
  db: Db,
  ctx: RequestContext,
  courseName: string,
  search: MemberSearch,
): Promise<DownloadFile> {
  const { rows, total } = await listMembers(db, ctx, search, { limit: COURSE_EXPORT_MAX, offset: 0 });
  if (total > COURSE_EXPORT_MAX) throw badRequest(`一次最多导出 ${COURSE_EXPORT_MAX} 名学员，请缩小筛选范围`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = sheetOf(workbook, '课程学员', [
    { header: '姓名', key: 'realName', width: 12 },
    { header: '账号', key: 'account', width: 16 },
    { header: '工号', key: 'jobNumber', width: 12 },
    { header: '部门', key: 'department', width: 16 },
    { header: '班级', key: 'group', width: 12 },
    { header: '学习状态', key: 'state', width: 10 },
    { header: '进度(%)', key: 'progress', width: 10 },
    { header: '加入时间', key: 'enrolledAt', width: 20 },
    { header: '开始学习', key: 'startedAt', width: 20 },
    { header: '完成时间', key: 'completedAt', width: 20 },
    { header: '最近学习', key: 'lastStudiedAt', width: 20 },
  ]);
  for (const r of rows)
    sheet.addRow({
      realName: r.realName,
      account: r.account,
      jobNumber: r.jobNumber ?? '',
      department: r.departmentName ?? '',
      group: r.groupName ?? '',
      state: MEMBER_STATE_LABELS[r.state],
      progress: r.progressPercent,
      enrolledAt: when(r.enrolledAt),
      startedAt: when(r.startedAt),
      completedAt: when(r.completedAt),
      lastStudiedAt: when(r.lastStudiedAt),
    });
  return {
    fileName: `${courseName}_学员_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
