/** 能力库与岗位能力模型 (issue 16). */
// Endpoints are declared here once; paths under /post/api/v1/ability.

export const abilityContracts = {};
