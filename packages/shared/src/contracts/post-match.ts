/** 人岗匹配、经理评定与能力分析 (issue 16). */
// Endpoints are declared here once; paths under /post/api/v1/match.

export const postMatchContracts = {};
