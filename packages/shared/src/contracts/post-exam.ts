/** 岗位试卷、岗位考试、测评考试与能力结果 (issue 16). */
// Endpoints are declared here once; paths under /exam/api/v1/post.

export const postExamContracts = {};
