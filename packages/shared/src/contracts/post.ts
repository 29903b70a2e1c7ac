/** 岗位与岗位序列 (issue 16). */
// Endpoints are declared here once; paths under /post/api/v1.

export const postContracts = {};
