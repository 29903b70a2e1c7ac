/** 公开岗位页面与人才画像分享 (issue 16). */
// Endpoints are declared here once; paths under /post/api/v1/public.

export const postPublicContracts = {};
