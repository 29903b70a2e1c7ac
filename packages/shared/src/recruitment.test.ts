import { describe, expect, it } from 'vitest';
import { extractResumeFields, fillTemplate, moveProblem, normalizeResumeText } from './recruitment';

describe('extractResumeFields', () => {
  it('reads labelled fields of a Chinese résumé', () => {
    const text =
      '个人简历\n姓名：李晓明\n手机：139 1234 5678\n邮箱：LiXM@Example.com\n毕业院校：浙江大学\n学历：硕士\n工作经验：5年';
    expect(extractResumeFields(text)).toEqual({
      name: '李晓明',
      phone: '13912345678',
      email: 'lixm@example.com',
      school: '浙江大学',
      degree: '硕士',
      years: 5,
    });
  });

  it('undoes the Kangxi radicals and full-width forms that PDF fonts produce', () => {
    const text =
      '姓名：王⼤伟\n⼿机：１３８００１３８０００\n毕业院校：华南理⼯⼤学\n学历：本科\n⼯作经验：三年';
    expect(normalizeResumeText('⼤⼯')).toBe('大工');
    const fields = extractResumeFields(text);
    expect(fields).toMatchObject({
      name: '王大伟',
      phone: '13800138000',
      school: '华南理工大学',
      degree: '本科',
      years: 3,
    });
  });

  it('finds unlabelled fields: a name on the first line, a school by its suffix, years in prose', () => {
    const text =
      '张三\n求职意向：Java 开发\n2015-2019 北京理工大学 计算机科学 本科\n8年以上开发经验\nzhangsan@qq.com  +86 17012345678';
    expect(extractResumeFields(text)).toEqual({
      name: '张三',
      phone: '17012345678',
      email: 'zhangsan@qq.com',
      school: '北京理工大学',
      degree: '本科',
      years: 8,
    });
  });

  it('takes the highest degree named, reads 十二年, and a fresh graduate has 0 years', () => {
    expect(extractResumeFields('教育经历：本科 武汉大学；硕士 清华大学').degree).toBe('硕士');
    expect(extractResumeFields('工作年限：十二年').years).toBe(12);
    expect(extractResumeFields('2025 届应届毕业生').years).toBe(0);
  });

  it('leaves out what is not there, and never takes a 12-digit number or a landline as a phone', () => {
    expect(extractResumeFields('个人简历\n联系电话：010-12345678 编号 139123456789')).toEqual({
      name: null,
      phone: null,
      email: null,
      school: null,
      degree: null,
      years: null,
    });
  });
});

describe('moveProblem', () => {
  it('refuses moves out of 入职, into 入职 by hand, and to the same stage', () => {
    expect(moveProblem('applied', 'test')).toBeNull();
    expect(moveProblem('rejected', 'screening')).toBeNull();
    expect(moveProblem('hired', 'rejected')).toBe('已入职的应聘者不能再移动阶段');
    expect(moveProblem('offer', 'hired')).toBe('入职请使用「录用」操作，选择部门与岗位');
    expect(moveProblem('test', 'test')).toBe('已在「笔试」阶段');
  });
});

describe('fillTemplate', () => {
  it('fills every placeholder', () => {
    expect(
      fillTemplate('{name}-{job}-{org}-{link}-{name}', { name: '甲', job: '乙', org: '丙', link: 'L' }),
    ).toBe('甲-乙-丙-L-甲');
  });
});
