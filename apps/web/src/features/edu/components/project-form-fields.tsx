import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MEMBER_TYPES, PROJECT_STATUSES } from '../api';

const CONTACT_PHONE = /^[0-9+\-() ]{5,20}$/;

/** 项目名称, 状态, 起止日期 and 项目简介. */
export function ProjectBasicFields(): ReactNode {
  return (
    <>
      <div className="kp-edu__form-row">
        <Form.Item
          name="name"
          label="项目名称"
          className="kp-edu__form-grow"
          rules={[
            { required: true, whitespace: true, message: '请输入项目名称' },
            { max: 200, message: '项目名称不能超过 200 个字符' },
          ]}
        >
          <Input placeholder="如：智能制造现代产业学院" maxLength={200} />
        </Form.Item>
        <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
          <Select
            options={PROJECT_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
            className="kp-edu__status-select"
            aria-label="状态"
          />
        </Form.Item>
      </div>
      <Form.Item name="period" label="起止日期">
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          placeholder={['开始日期', '结束日期']}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label="项目简介"
        rules={[{ max: 5000, message: '项目简介不能超过 5000 个字符' }]}
      >
        <Input.TextArea rows={3} maxLength={5000} showCount placeholder="合作内容、目标与安排" />
      </Form.Item>
    </>
  );
}

/** One member organisation's row: type, name, contact, phone, role and its delete button. */
function MemberRow(props: { name: number; index: number; onRemove: () => void }): ReactNode {
  const { name, index, onRemove } = props;
  const nth = `第 ${index + 1} 个`;
  return (
    <div className="kp-edu__member" data-testid="member-row">
      <Form.Item
        name={[name, 'memberType']}
        rules={[{ required: true, message: '请选择类型' }]}
        className="kp-edu__member-type"
      >
        <Select options={[...MEMBER_TYPES]} placeholder="类型" aria-label={`${nth}成员类型`} />
      </Form.Item>
      <Form.Item
        name={[name, 'name']}
        rules={[
          { required: true, whitespace: true, message: '请输入单位名称' },
          { max: 100, message: '单位名称不能超过 100 个字符' },
        ]}
        className="kp-edu__member-name"
      >
        <Input placeholder="单位名称" maxLength={100} aria-label={`${nth}成员单位名称`} />
      </Form.Item>
      <Form.Item name={[name, 'contactName']} rules={[{ max: 50, message: '联系人不能超过 50 个字符' }]}>
        <Input placeholder="联系人" maxLength={50} aria-label={`${nth}成员联系人`} />
      </Form.Item>
      <Form.Item
        name={[name, 'contactPhone']}
        rules={[{ pattern: CONTACT_PHONE, message: '联系电话格式不正确' }]}
      >
        <Input placeholder="联系电话" maxLength={20} aria-label={`${nth}成员联系电话`} />
      </Form.Item>
      <Form.Item name={[name, 'role']} rules={[{ max: 50, message: '角色不能超过 50 个字符' }]}>
        <Input placeholder="角色，如牵头单位" maxLength={50} aria-label={`${nth}成员角色`} />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        onClick={onRemove}
        aria-label={`删除第 ${index + 1} 个成员`}
      />
    </div>
  );
}

/** 成员单位: the list of member organisations (at most 100). */
export function ProjectMemberFields(): ReactNode {
  return (
    <>
      <Typography.Text strong>成员单位</Typography.Text>
      <Form.List name="members">
        {(fields, { add, remove }) => (
          <div className="kp-edu__members">
            {fields.length === 0 ? (
              <Typography.Text type="secondary" className="kp-edu__members-empty">
                还没有成员单位
              </Typography.Text>
            ) : null}
            {fields.map((field, index) => (
              <MemberRow
                key={field.key}
                name={field.name}
                index={index}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ memberType: 'enterprise', name: '' })}
              block
              disabled={fields.length >= 100}
              data-testid="add-member"
            >
              添加成员单位
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
