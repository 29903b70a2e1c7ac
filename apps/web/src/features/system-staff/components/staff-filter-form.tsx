import type { ReactNode } from 'react';
import { Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { FilterButtons } from '../../../components/filter-buttons';
import { fetchStaffOptions, staffKeys } from '../api';

export interface StaffFilterValues {
  keyword: string;
  jobNumber: string;
  /** 'all', 0 在职 or 1 离职. */
  status: 'all' | 0 | 1;
  /** A post (岗位) or none. */
  postId?: number | null;
}

export const INITIAL_FILTER: StaffFilterValues = { keyword: '', jobNumber: '', status: 0 };

/** Keyword, job number and status filters above the staff table (the department comes from the tree). */
export function StaffFilterForm({ onSearch }: { onSearch: (values: StaffFilterValues) => void }): ReactNode {
  const [form] = Form.useForm<StaffFilterValues>();
  const options = useQuery({ queryKey: staffKeys.options, queryFn: fetchStaffOptions });
  return (
    <Form<StaffFilterValues>
      form={form}
      name="kp-staff-filter"
      layout="inline"
      className="kp-staff-filter"
      initialValues={INITIAL_FILTER}
      onFinish={(values) =>
        onSearch({
          ...values,
          keyword: (values.keyword ?? '').trim(),
          jobNumber: (values.jobNumber ?? '').trim(),
        })
      }
      aria-label="员工筛选"
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder="姓名 / 账号 / 手机号 / 邮箱"
          aria-label="关键词"
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="jobNumber">
        <Input allowClear placeholder="工号" aria-label="工号" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          aria-label="状态"
          style={{ width: 100 }}
          options={[
            { label: '在职', value: 0 },
            { label: '离职', value: 1 },
            { label: '全部状态', value: 'all' },
          ]}
        />
      </Form.Item>
      <Form.Item name="postId">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="岗位"
          aria-label="按岗位筛选"
          style={{ width: 150 }}
          options={(options.data?.posts ?? []).map((post) => ({ label: post.postName, value: post.postId }))}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch(INITIAL_FILTER)} />
    </Form>
  );
}
