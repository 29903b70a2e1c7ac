import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

/** 公开岗位页面与人才画像分享 (issue 16; spec §2 public routes). */
export const postPublicRoutes: AppRouteObject[] = [
  {
    path: '/post/buildPost',
    Component: lazyPage(() => import('./pages/build-post-page')),
    // Kept alive when revisited: the page's work lives in build-store.ts (public routes sit outside
    // /manage's keep-alive outlet).
    handle: { title: '岗位画像与培养方案', public: true, keepAlive: true },
  },
  {
    path: '/post/viewPosition',
    Component: lazyPage(() => import('./pages/view-position-page')),
    handle: { title: '岗位说明', public: true },
  },
  {
    path: '/frame/portrayal',
    Component: lazyPage(() => import('./pages/portrayal-page')),
    handle: { title: '人才画像', public: true },
  },
];
