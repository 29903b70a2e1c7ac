import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** Children of /manage. */
export const systemStaffRoutes: AppRouteObject[] = [
  {
    path: 'system/staff',
    Component: lazyPage(() => import('./pages/staff-page')),
    handle: {
      title: '员工管理',
      description:
        '维护组织架构与员工账号：选择左侧部门查看其员工（含下级部门），支持 Excel 批量导入与导出。',
      menuUrl: '/manage/system/staff',
      keepAlive: true,
    },
  },
];
