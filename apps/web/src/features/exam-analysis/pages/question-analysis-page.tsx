import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { QuestionAcrossExams } from '../components/question-across-exams';
import { IrtTab } from '../irt/components/irt-tab';

/**
 * /manage/analysis/question, 试题分析 across exams: each question's classical figures over the exams that
 * used it, and the bank's 2PL IRT calibration (irt/).
 */
export default function QuestionAnalysisPage(): ReactNode {
  return (
    <div className="kp-page">
      <Tabs
        defaultActiveKey="across"
        destroyOnHidden={false}
        items={[
          { key: 'across', label: '跨考试统计', children: <QuestionAcrossExams /> },
          { key: 'irt', label: 'IRT 校准', children: <IrtTab /> },
        ]}
      />
    </div>
  );
}
