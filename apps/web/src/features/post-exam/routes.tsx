import type { AppRouteObject } from '../../app/route-handle';

/** 岗位试卷、岗位考试、测评考试与能力结果 (issue 16). */
export const postExamRoutes: AppRouteObject[] = [];
