import type { ReactNode } from 'react';
import {
  BarChartOutlined,
  FileDoneOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { PublicLayout } from '../../../components/public-layout';
import { FeatureGrid, Hero, type FeatureItem } from '../components/home-blocks';

const MODES: readonly FeatureItem[] = [
  {
    key: 'evaluation',
    title: '人才测评',
    description: '以岗位能力模型为核心，组织在线考试与测评，量化员工的知识与技能水平。',
    icon: <FileDoneOutlined />,
    points: ['在线考试与监考', '题库、试卷与智能组卷', '岗位与能力模型', '测评分析与个人报告'],
  },
  {
    key: 'study',
    title: '任务学习',
    description: '按岗位与部门下发学习任务，课程、练习与学习目标联动，学习成效一目了然。',
    icon: <ReadOutlined />,
    points: ['学习任务批量分配', '课程、章节与直播', '练习与学习目标', '商品与订单运营'],
  },
  {
    key: 'recruit',
    title: '招聘管理',
    description: '从职位发布到简历筛选、笔试与视频面试，打通招聘全流程并沉淀人才数据。',
    icon: <TeamOutlined />,
    points: ['职位发布与管理', '应聘者与简历', '校园招聘', '视频面试'],
  },
];

const STRENGTHS: readonly FeatureItem[] = [
  {
    key: 'secure',
    title: '数据安全隔离',
    description: '多租户架构，每个组织的数据严格隔离，按菜单与角色精细授权。',
    icon: <SafetyCertificateOutlined />,
  },
  {
    key: 'smart',
    title: '智能组卷',
    description: '按题型、知识点与难度自动生成试卷，大规模题库下依然秒级完成。',
    icon: <ThunderboltOutlined />,
  },
  {
    key: 'analysis',
    title: '数据分析',
    description: '考试、学习与员工能力的多维统计，帮助管理者做出培养与用人决策。',
    icon: <BarChartOutlined />,
  },
];

/** /home: the landing page. */
export default function HomePage(): ReactNode {
  const config = useAppConfig();
  return (
    <PublicLayout>
      <Hero
        eyebrow="企业培训 · 在线考试 · 人才测评"
        title={config.displayName}
        description={`${config.displayName}为企业提供在线考试、题库试卷、岗位能力模型、学习任务与招聘管理的一体化平台，帮助组织选好人、育好人、用好人。`}
      />
      <section id="modes" className="kp-section">
        <h2 className="kp-section__title">三大功能模式</h2>
        <p className="kp-section__subtitle">在后台顶部一键切换，按模式展示对应的功能菜单</p>
        <FeatureGrid items={MODES} testId="home-modes" />
      </section>
      <section className="kp-section kp-section--muted">
        <h2 className="kp-section__title">为什么选择{config.displayName}</h2>
        <FeatureGrid items={STRENGTHS} />
      </section>
    </PublicLayout>
  );
}
