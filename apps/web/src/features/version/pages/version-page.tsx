import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Modal, Tag, Typography } from 'antd';
import { CheckOutlined, CrownOutlined, RocketOutlined, ShopOutlined } from '@ant-design/icons';

interface Plan {
  key: string;
  name: string;
  audience: string;
  icon: ReactNode;
  staffLimit: string;
  recommended?: boolean;
  features: readonly string[];
}

/** The three plans. The lists grow cumulatively: each plan includes everything of the one before. */
export const PLANS: readonly Plan[] = [
  {
    key: 'basic',
    name: '基础版',
    audience: '适合刚开始线上考核的团队',
    icon: <ShopOutlined />,
    staffLimit: '最多 100 名员工',
    features: ['在线考试与成绩管理', '企业题库与试卷管理', '员工与部门管理', '消息通知', '基础数据统计'],
  },
  {
    key: 'pro',
    name: '专业版',
    audience: '适合建立岗位能力体系的成长型企业',
    icon: <RocketOutlined />,
    staffLimit: '最多 1,000 名员工',
    recommended: true,
    features: [
      '包含基础版全部功能',
      '岗位与能力模型、知识图谱',
      '智能组卷与随机组卷',
      '学习任务、课程与练习',
      '公开题库',
      '考试、员工与试题多维分析',
    ],
  },
  {
    key: 'flagship',
    name: '旗舰版',
    audience: '适合集团化、多场景的人才管理',
    icon: <CrownOutlined />,
    staffLimit: '员工数量不限',
    features: [
      '包含专业版全部功能',
      '招聘管理与校园招聘',
      '视频面试与心理测评',
      '运营管理（商品与订单）',
      '专属客户成功经理',
      '支持私有化部署',
    ],
  },
];

/** Contact details shown by '联系我们'. */
export const CONTACT = {
  phone: '400-000-0000',
  email: 'sales@kaopei.com',
  hours: '工作日 9:00 - 18:00',
};

/** /manage/version: the pricing / version page. */
export default function VersionPage(): ReactNode {
  const [contactPlan, setContactPlan] = useState<Plan | null>(null);
  return (
    <div className="kp-page kp-version">
      <div className="kp-plan-grid" data-testid="plans">
        {PLANS.map((plan) => (
          <Card
            key={plan.key}
            className={plan.recommended ? 'kp-plan kp-plan--recommended' : 'kp-plan'}
            data-testid={`plan-${plan.key}`}
          >
            <div className="kp-plan__head">
              <span className="kp-plan__icon" aria-hidden="true">
                {plan.icon}
              </span>
              <div>
                <h2 className="kp-plan__name">
                  {plan.name}
                  {plan.recommended ? (
                    <Tag color="gold" className="kp-plan__tag">
                      推荐
                    </Tag>
                  ) : null}
                </h2>
                <p className="kp-plan__audience">{plan.audience}</p>
              </div>
            </div>
            <div className="kp-plan__limit">{plan.staffLimit}</div>
            <ul className="kp-plan__features">
              {plan.features.map((feature) => (
                <li key={feature}>
                  <CheckOutlined className="kp-plan__check" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              type={plan.recommended ? 'primary' : 'default'}
              block
              size="large"
              onClick={() => setContactPlan(plan)}
            >
              联系我们
            </Button>
          </Card>
        ))}
      </div>
      <Modal
        open={contactPlan !== null}
        title={contactPlan ? `咨询${contactPlan.name}` : '联系我们'}
        onCancel={() => setContactPlan(null)}
        footer={
          <Button type="primary" onClick={() => setContactPlan(null)}>
            知道了
          </Button>
        }
      >
        <Typography.Paragraph>欢迎联系我们的销售顾问，获取报价、试用或升级服务。</Typography.Paragraph>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="咨询电话">
            <a href={`tel:${CONTACT.phone}`}>{CONTACT.phone}</a>
          </Descriptions.Item>
          <Descriptions.Item label="商务邮箱">
            <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </Descriptions.Item>
          <Descriptions.Item label="服务时间">{CONTACT.hours}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </div>
  );
}
