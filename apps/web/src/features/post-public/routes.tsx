import type { AppRouteObject } from '../../app/route-handle';

/** 公开岗位页面与人才画像分享 (issue 16). */
export const postPublicRoutes: AppRouteObject[] = [];
