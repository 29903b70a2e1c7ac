import type { AppRouteObject } from '../../app/route-handle';

/** 岗位与岗位序列 (issue 16). */
export const postRoutes: AppRouteObject[] = [];
