import type { AppRouteObject } from '../../app/route-handle';

/** 人岗匹配、经理评定与能力分析 (issue 16). */
export const postMatchRoutes: AppRouteObject[] = [];
