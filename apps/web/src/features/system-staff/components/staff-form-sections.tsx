import type { ReactNode } from 'react';
import { Col, Form, Input, Radio, Select, TreeSelect, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DepartmentNode, StaffOptions } from '../api';
import {
  PASSWORD_HINT,
  accountRules,
  departmentOptions,
  emailRules,
  jobNumberRules,
  passwordRules,
  phoneRules,
  realNameRules,
} from '../staff-rules';

/** 姓名, 账号, 手机号, 邮箱, 性别, 工号. */
export function StaffIdentityFields(): ReactNode {
  return (
    <>
      <Col span={12}>
        <Form.Item name="realName" label="姓名" rules={realNameRules}>
          <Input maxLength={50} placeholder="员工真实姓名" autoFocus />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="account"
          label="账号"
          rules={accountRules}
          extra="4–32 位字母、数字或下划线；员工也可用手机号或邮箱登录"
        >
          <Input maxLength={32} placeholder="登录账号" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input maxLength={11} placeholder="11 位手机号（选填）" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="email" label="邮箱" rules={emailRules}>
          <Input maxLength={200} placeholder="选填" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="gender" label="性别">
          <Radio.Group
            options={[
              { label: '男', value: true },
              { label: '女', value: false },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="jobNumber" label="工号" rules={jobNumberRules}>
          <Input maxLength={50} placeholder="组织内唯一（选填）" />
        </Form.Item>
      </Col>
    </>
  );
}

interface StaffPlacementFieldsProps {
  tree: readonly DepartmentNode[];
  options: UseQueryResult<StaffOptions>;
  canAssignRoles: boolean;
  editing: boolean;
  defaultRole: StaffOptions['roles'][number] | undefined;
}

/** 部门, 岗位, and 角色 for callers who may assign roles (else a word on the default role for someone new). */
export function StaffPlacementFields(props: StaffPlacementFieldsProps): ReactNode {
  const { tree, options, canAssignRoles, editing, defaultRole } = props;
  return (
    <>
      <Col span={12}>
        <Form.Item name="departmentId" label="部门">
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="选择部门"
            treeData={departmentOptions(tree)}
            treeDefaultExpandAll
            aria-label="部门"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="postId" label="岗位">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={options.data?.posts.length === 0 ? '暂无岗位（可在岗位管理中创建）' : '选择岗位'}
            loading={options.isPending}
            options={(options.data?.posts ?? []).map((post) => ({
              label: post.postName,
              value: post.postId,
            }))}
            aria-label="岗位"
          />
        </Form.Item>
      </Col>
      {canAssignRoles ? (
        <Col span={24}>
          <Form.Item name="roleIds" label="角色" extra="角色决定员工可以使用的菜单和功能">
            <Select
              mode="multiple"
              allowClear
              placeholder="选择角色"
              loading={options.isPending}
              options={(options.data?.roles ?? []).map((role) => ({
                label: role.isDefault ? `${role.name}（默认）` : role.name,
                value: role.roleId,
              }))}
              aria-label="角色"
            />
          </Form.Item>
        </Col>
      ) : !editing ? (
        <Col span={24}>
          <Typography.Paragraph type="secondary">
            新员工将获得默认角色{defaultRole ? `「${defaultRole.name}」` : ''}。
          </Typography.Paragraph>
        </Col>
      ) : null}
    </>
  );
}

/** 初始密码 (someone new only): blank for a generated one, shown once after saving. */
export function InitialPasswordField(): ReactNode {
  return (
    <Col span={24}>
      <Form.Item
        name="password"
        label="初始密码"
        rules={passwordRules}
        extra={`${PASSWORD_HINT}；留空则自动生成随机强密码，保存后只显示一次`}
      >
        <Input.Password maxLength={32} placeholder="留空自动生成" autoComplete="new-password" />
      </Form.Item>
    </Col>
  );
}
