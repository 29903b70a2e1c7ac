import type { AppRouteObject } from '../../app/route-handle';

/** 能力库与岗位能力模型 (issue 16). */
export const abilityRoutes: AppRouteObject[] = [];
