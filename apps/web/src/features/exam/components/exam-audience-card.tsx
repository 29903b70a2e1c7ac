import type { ReactNode } from 'react';
import { Card, Col, Form, Radio, Row, Select, Switch, Typography } from 'antd';
import { StaffMultiPicker } from '../../../components/staff-picker';
import type { ExamFormValues } from '../exam-rules';
import { useDepartmentTree, useUserTags } from '../../../components/use-department-tree';
import { DepartmentTreeSelect } from './department-tree-select';

/**
 * What the assigned-audience pickers offer: the department tree, then the staff tags. Called by the
 * editor itself, so both load as the page opens, whichever audience mode is shown.
 */
export function useAudienceSources() {
  const { departments, treeData } = useDepartmentTree();
  const { tags, options: tagOptions } = useUserTags();
  return { departments, treeData, tags, tagOptions };
}

type AudienceSources = ReturnType<typeof useAudienceSources>;

/**
 * The exam editor's "考生": the audience mode, then either the assigned audience (departments, staff,
 * tags) or the open link's registration fields.
 */
export function AudienceCard({
  initialMode,
  sources,
}: {
  /** The mode shown until the form reports its own. */
  initialMode: ExamFormValues['audienceMode'];
  sources: AudienceSources;
}): ReactNode {
  const form = Form.useFormInstance<ExamFormValues>();
  const audienceMode = Form.useWatch('audienceMode', form) ?? initialMode;
  return (
    <Card size="small" title="考生">
      <Form.Item name="audienceMode" label="考生范围">
        <Radio.Group
          options={[
            { value: 'assigned', label: '指定考生（部门、员工、标签）' },
            { value: 'open', label: '开放链接（持链接报名参加）' },
          ]}
        />
      </Form.Item>
      {audienceMode === 'assigned' ? (
        <AssignedAudienceFields sources={sources} />
      ) : (
        <RegistrationFieldsItem />
      )}
    </Card>
  );
}

/** Candidates by department (with or without sub-departments), by person and by staff tag. */
function AssignedAudienceFields({ sources }: { sources: AudienceSources }): ReactNode {
  const { tags, tagOptions } = sources;
  return (
    <>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={16}>
          <Form.Item name="departmentIds" label="按部门">
            <DepartmentTreeSelect tree={sources} label="按部门" testId="exam-departments" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="includeSubDepartments" label="包含下级部门" valuePropName="checked">
            <Switch aria-label="包含下级部门" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="userIds" label="按员工">
        <StaffMultiPicker aria-label="按员工" testId="exam-staff" />
      </Form.Item>
      <Form.Item name="tagIds" label="按标签">
        <Select
          mode="multiple"
          allowClear
          placeholder={tags.isError ? '标签加载失败' : '选择员工标签'}
          loading={tags.isFetching}
          options={tagOptions}
          optionFilterProp="label"
          aria-label="按标签"
        />
      </Form.Item>
      <Typography.Text type="secondary">
        以上条件满足任一即为考生；发布后也可在“考生管理”中单独添加或移除。
      </Typography.Text>
    </>
  );
}

/** The open link's extra registration fields (name and phone are always asked). */
function RegistrationFieldsItem(): ReactNode {
  return (
    <Form.Item
      name="registrationFields"
      label="报名字段"
      extra="考生通过链接报名时填写；姓名和手机号总会询问。输入字段名后回车添加。"
      rules={[
        { type: 'array', max: 10, message: '报名字段最多 10 个' },
        {
          validator: (_rule, fields: string[] | undefined) =>
            (fields ?? []).some((field) => field.trim().length > 20)
              ? Promise.reject(new Error('报名字段名称不能超过 20 个字符'))
              : Promise.resolve(),
        },
      ]}
    >
      <Select mode="tags" placeholder="例如：工号、所在单位" aria-label="报名字段" open={false} />
    </Form.Item>
  );
}
