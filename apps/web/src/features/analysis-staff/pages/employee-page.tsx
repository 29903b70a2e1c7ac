import { useState, type ReactNode } from 'react';
import { Card } from 'antd';
import { DepartmentFilter, MonthsSelect } from '../components/analysis-parts';
import { PeopleTable } from '../components/people-table';
import type { ScopeFilter } from '../api';
import '../../../components/analysis/analysis.css';

/** /manage/analysis/employee: find a person (search, department) and open their profile. */
export default function EmployeePage(): ReactNode {
  const [scope, setScope] = useState<ScopeFilter>({ months: 12 });
  return (
    <div className="kp-page kp-analysis">
      <Card size="small">
        <div className="kp-analysis-bar__filters">
          <DepartmentFilter
            value={scope.departmentId}
            onChange={(departmentId) => setScope((s) => ({ ...s, departmentId }))}
          />
          <MonthsSelect value={scope.months} onChange={(months) => setScope((s) => ({ ...s, months }))} />
        </div>
      </Card>
      <PeopleTable
        key={`${scope.months}-${scope.departmentId ?? 'all'}`}
        scope={scope}
        title="员工（点击姓名查看画像）"
        link={(userId) => `/manage/analysis/user/profile?userId=${userId}`}
      />
    </div>
  );
}
