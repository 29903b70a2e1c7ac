import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AuditOutlined,
  BookOutlined,
  FileDoneOutlined,
  LineChartOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { PublicLayout } from '../../../components/public-layout';
import { FeatureGrid, Hero, type FeatureItem } from '../components/home-blocks';

const PILLARS: readonly FeatureItem[] = [
  {
    key: 'industry',
    title: '产教融合',
    description: '对接企业岗位能力模型，校企共建课程与实训项目，让培养目标贴近产业需求。',
    icon: <ApartmentOutlined />,
    points: ['企业岗位能力对标', '校企共建实训项目', '实习与就业推荐'],
  },
  {
    key: 'course',
    title: '课程',
    description: '课程、章节、直播与资料统一管理，学习任务按班级下发，学习进度实时可见。',
    icon: <BookOutlined />,
    points: ['课程与章节管理', '直播与视频教学', '练习与学习目标'],
  },
  {
    key: 'exam',
    title: '考试',
    description: '题库建设、智能组卷、在线考试与阅卷分析，覆盖日常测验到期末考核。',
    icon: <FileDoneOutlined />,
    points: ['题库与知识点', '智能组卷与在线监考', '成绩与试题分析'],
  },
];

const OUTCOMES: readonly FeatureItem[] = [
  {
    key: 'skills',
    title: '能力画像',
    description: '以知识点和能力模型记录学生成长轨迹，生成个人能力画像。',
    icon: <SolutionOutlined />,
  },
  {
    key: 'quality',
    title: '教学质量评估',
    description: '课程评价与考试分析结合，持续改进教学内容与方法。',
    icon: <AuditOutlined />,
  },
  {
    key: 'employment',
    title: '就业质量追踪',
    description: '打通校园招聘与企业测评，跟踪就业去向与岗位匹配度。',
    icon: <LineChartOutlined />,
  },
];

/** /college: home page of the college edition. */
export default function CollegePage(): ReactNode {
  const config = useAppConfig();
  return (
    <PublicLayout>
      <Hero
        eyebrow="产教融合 · 课程 · 考试"
        title={config.edition === 'college' ? config.displayName : `${config.displayName} 高校解决方案`}
        description="面向高校与职业院校的教学、考试与就业一体化平台：以产业岗位能力为牵引，打通课程学习、考试测评与校园招聘。"
      />
      <section id="modes" className="kp-section">
        <h2 className="kp-section__title">高校三大场景</h2>
        <p className="kp-section__subtitle">从课堂到岗位，一个平台完成教、学、考、评、聘</p>
        <FeatureGrid items={PILLARS} testId="college-pillars" />
      </section>
      <section className="kp-section kp-section--muted">
        <h2 className="kp-section__title">为学校带来的价值</h2>
        <FeatureGrid items={OUTCOMES} />
      </section>
    </PublicLayout>
  );
}
