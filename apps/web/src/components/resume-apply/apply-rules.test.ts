import { describe, expect, it } from 'vitest';
import {
  prefillFromResume,
  prefillSummary,
  resumeFileProblem,
  toApplyBody,
  type ResumeFields,
} from './apply-rules';

const READ: ResumeFields = {
  name: '李晓明',
  phone: '13912345678',
  email: 'lixm@example.com',
  school: '浙江大学',
  degree: '硕士',
  years: 5,
};

describe('prefillFromResume', () => {
  it('fills every blank field of an untouched form', () => {
    const result = prefillFromResume({}, READ);
    expect(result.patch).toEqual(READ);
    expect(result.filled).toEqual(['姓名', '手机号', '邮箱', '毕业院校', '学历', '工作年限']);
    expect(result.kept).toEqual([]);
  });

  it('keeps what the applicant typed and says where the résumé differs', () => {
    const result = prefillFromResume({ name: '李小明', phone: ' 13912345678 ', email: '  ', years: 0 }, READ);
    // name differs (kept), phone is the same (neither), email blank (filled), years 0 typed (kept: 0 ≠ 5).
    expect(result.patch).toEqual({
      email: 'lixm@example.com',
      school: '浙江大学',
      degree: '硕士',
    });
    expect(result.filled).toEqual(['邮箱', '毕业院校', '学历']);
    expect(result.kept).toEqual(['姓名', '工作年限']);
  });

  it('never clears a field the résumé lacks, and drops values the form cannot hold', () => {
    const result = prefillFromResume(
      { school: '我的学校' },
      { name: null, phone: null, email: ' ', school: null, degree: '博士后', years: 51 },
    );
    expect(result.patch).toEqual({});
    expect(result.filled).toEqual([]);
    expect(result.kept).toEqual([]);
  });

  it('accepts the boundaries of the years field (0 and 50)', () => {
    expect(prefillFromResume({}, { ...READ, years: 0 }).patch.years).toBe(0);
    expect(prefillFromResume({}, { ...READ, years: 50 }).patch.years).toBe(50);
    expect(prefillFromResume({}, { ...READ, years: -1 }).patch.years).toBeUndefined();
  });
});

describe('prefillSummary', () => {
  it('names the filled and the kept fields', () => {
    expect(prefillSummary({ patch: {}, filled: ['姓名', '邮箱'], kept: ['手机号'] })).toBe(
      '已从简历识别并填入：姓名、邮箱；手机号与简历不同，已保留您填写的内容。请核对后提交。',
    );
    expect(prefillSummary({ patch: {}, filled: [], kept: [] })).toBe(
      '未能从简历中识别出个人信息，请手动填写。',
    );
  });
});

describe('resumeFileProblem', () => {
  it('accepts PDF and .docx up to 10MB, any case', () => {
    expect(resumeFileProblem({ name: '简历.PDF', size: 1 })).toBeNull();
    expect(resumeFileProblem({ name: 'cv.docx', size: 10 * 1024 * 1024 })).toBeNull();
  });
  it('refuses .doc, other types, empty and too large files with Chinese messages', () => {
    expect(resumeFileProblem({ name: 'cv.doc', size: 10 })).toMatch(/\.doc/);
    expect(resumeFileProblem({ name: 'cv.txt', size: 10 })).toBe('简历只能是 PDF 或 Word（.docx）文件');
    expect(resumeFileProblem({ name: 'cv.pdf', size: 0 })).toBe('简历文件是空的，请重新选择');
    expect(resumeFileProblem({ name: 'cv.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('简历文件不能超过 10MB');
  });
});

describe('toApplyBody', () => {
  it('trims, turns blanks into null and carries the résumé claim and the campus session', () => {
    expect(
      toApplyBody(
        7,
        {
          name: ' 李晓明 ',
          phone: '13912345678 ',
          email: '',
          school: ' 浙江大学 ',
          degree: '硕士',
          years: 0,
        },
        { resumeId: 3, claimToken: 'abc' },
        9,
      ),
    ).toEqual({
      jobId: 7,
      name: '李晓明',
      phone: '13912345678',
      email: null,
      school: '浙江大学',
      degree: '硕士',
      years: 0,
      resumeId: 3,
      claimToken: 'abc',
      campusSessionId: 9,
    });
    expect(toApplyBody(1, {}, null)).toMatchObject({
      name: '',
      resumeId: null,
      claimToken: null,
      campusSessionId: null,
    });
  });
});
