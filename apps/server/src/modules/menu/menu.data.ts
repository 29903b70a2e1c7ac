import type { Mode } from '@kaopei/shared';

/** One node of the seeded, platform-wide menu tree (spec §2 /manage routes, grouped per spec §6). */
export interface MenuSeed {
  id: number;
  name: string;
  icon?: string;
  url?: string;
  modes?: Mode[];
  /** Permission index whose bit grants this whole group (1 课程, 2 题库, 3 组织架构, 4 考试). */
  permissionIndex?: number;
  children?: MenuSeed[];
}

const leaf = (id: number, name: string, url: string, icon?: string): MenuSeed => ({ id, name, url, icon });

/**
 * Menus of sensitive data (individual psychological results): granted only by a role naming the menu
 * itself — neither a group's permission bit (考试管理) nor a grant of a group above it gives them.
 */
export const SENSITIVE_MENU_IDS: ReadonlySet<number> = new Set([235]);

// Ids are stable: role grants refer to them. Add new entries with new ids; never reuse one.
export const MENU_TREE: MenuSeed[] = [
  { id: 100, name: '控制台', icon: 'DashboardOutlined', url: '/manage/console', modes: ['evaluation'] },
  {
    id: 200,
    name: '考试管理',
    icon: 'FileDoneOutlined',
    modes: ['evaluation'],
    permissionIndex: 4,
    children: [
      {
        id: 210,
        name: '考试安排',
        children: [
          leaf(211, '考试列表', '/manage/exam/list'),
          leaf(212, '自动考试', '/manage/exam/auto'),
          leaf(213, '岗位考试', '/manage/exam/post'),
          leaf(214, '心理测评', '/manage/exam/mental'),
          leaf(215, '测评考试', '/manage/evaluate/exam/list'),
        ],
      },
      {
        id: 220,
        name: '考试过程',
        children: [
          leaf(221, '考生管理', '/manage/exam/examinee'),
          leaf(222, '考试监控', '/manage/exam/monitor'),
          leaf(223, '阅卷管理', '/manage/exam/check'),
          leaf(224, '指定试卷', '/manage/exam/paperDesignated'),
        ],
      },
      {
        id: 230,
        name: '考试结果',
        children: [
          leaf(231, '成绩管理', '/manage/exam/result'),
          leaf(232, '考试评语', '/manage/exam/comment'),
          leaf(233, '考试报告', '/manage/exam/ExamReport'),
          leaf(234, '心理测评结果', '/manage/exam/psy_result'),
          leaf(235, '个人测评结果', '/manage/exam/psy_result/person'),
        ],
      },
    ],
  },
  {
    id: 300,
    name: '岗位管理',
    icon: 'IdcardOutlined',
    modes: ['evaluation', 'study'],
    children: [
      leaf(301, '岗位列表', '/manage/post/list'),
      leaf(302, '能力模型', '/manage/post/ability'),
      leaf(303, '能力分析', '/manage/post/ability/analysis'),
      leaf(304, '能力素材', '/manage/post/ability/material'),
      leaf(305, '岗位课程', '/manage/post/course'),
      leaf(306, '人岗匹配', '/manage/post/match'),
      leaf(307, '岗位知识', '/manage/post/knowledge/edit'),
    ],
  },
  {
    id: 400,
    name: '试卷管理',
    icon: 'ProfileOutlined',
    modes: ['evaluation'],
    permissionIndex: 4,
    children: [
      leaf(401, '试卷库', '/manage/paperBankMgt'),
      leaf(402, '试卷列表', '/manage/paper/list'),
      {
        id: 410,
        name: '组卷',
        children: [
          leaf(411, '手工组卷', '/manage/paper/manual'),
          leaf(412, '随机组卷', '/manage/paper/random'),
          leaf(413, '智能组卷', '/manage/paper/auto'),
          leaf(414, '岗位试卷', '/manage/paper/post'),
        ],
      },
      leaf(403, '心理测评试卷', '/manage/pmt/list'),
    ],
  },
  {
    id: 500,
    name: '题库管理',
    icon: 'DatabaseOutlined',
    modes: ['evaluation'],
    permissionIndex: 2,
    children: [
      leaf(501, '题库', '/manage/question/bank'),
      leaf(502, '试题列表', '/manage/question/list'),
      leaf(503, '测评题库', '/manage/evaluate/question/bank'),
      leaf(504, '测评试题', '/manage/evaluate/question/list'),
      leaf(505, '试题审核', '/manage/question/audit'),
    ],
  },
  {
    id: 600,
    name: '知识图谱',
    icon: 'ClusterOutlined',
    modes: ['evaluation', 'study'],
    children: [
      leaf(601, '知识点管理', '/manage/knowledge/edit'),
      leaf(602, '知识图谱', '/manage/knowledge/show'),
    ],
  },
  {
    id: 700,
    name: '学习管理',
    icon: 'ReadOutlined',
    modes: ['study'],
    permissionIndex: 1,
    children: [
      leaf(701, '学习任务', '/manage/study/task'),
      leaf(702, '课程管理', '/manage/study/course'),
      {
        id: 710,
        name: '练习',
        children: [
          leaf(711, '练习列表', '/manage/study/practice/list'),
          leaf(712, '新建练习', '/manage/study/practice/add'),
        ],
      },
      leaf(703, '学习目标', '/manage/study/target'),
    ],
  },
  {
    id: 800,
    name: '运营管理',
    icon: 'ShopOutlined',
    modes: ['study'],
    children: [
      leaf(801, '商品管理', '/manage/operation/product'),
      leaf(802, '订单管理', '/manage/operation/order'),
    ],
  },
  {
    id: 900,
    name: '数据分析',
    icon: 'BarChartOutlined',
    modes: ['evaluation', 'study'],
    children: [
      {
        id: 910,
        name: '人员分析',
        children: [
          leaf(911, '员工分析', '/manage/analysis/staff'),
          leaf(912, '员工画像', '/manage/analysis/employee'),
          leaf(913, '用户档案', '/manage/analysis/user/profile'),
        ],
      },
      {
        id: 920,
        name: '业务分析',
        children: [
          leaf(921, '考试分析', '/manage/analysis/exam'),
          leaf(922, '试题分析', '/manage/analysis/question'),
          leaf(923, '课程分析', '/manage/analysis/course'),
          leaf(924, '分析报告', '/manage/analysis/report'),
        ],
      },
    ],
  },
  {
    id: 1000,
    name: '招聘管理',
    icon: 'SolutionOutlined',
    modes: ['recruit'],
    children: [
      leaf(1001, '招聘概览', '/manage/recruitment'),
      leaf(1002, '校园招聘', '/manage/recruitment/school'),
      leaf(1003, '职位管理', '/manage/recruitment/job'),
      leaf(1004, '发布职位', '/manage/recruitment/job/release'),
      leaf(1005, '应聘人员', '/manage/recruitment/staff'),
      leaf(1006, '招聘结果', '/manage/recruitment/staff/result'),
      leaf(1007, '视频面试', '/manage/recruitment/interview'),
    ],
  },
  {
    id: 1100,
    name: '系统管理',
    icon: 'SettingOutlined',
    modes: ['evaluation', 'study', 'recruit'],
    permissionIndex: 3,
    children: [
      leaf(1101, '员工管理', '/manage/system/staff'),
      leaf(1102, '角色权限', '/manage/system/permission'),
      leaf(1103, '标签管理', '/manage/system/tag'),
    ],
  },
];
