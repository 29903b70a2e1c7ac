import { useEffect, type ReactNode } from 'react';
import { App, Col, Form, Input, Modal, Radio, Row, Select, TreeSelect, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addStaff,
  fetchStaffOptions,
  modifyStaff,
  staffKeys,
  type DepartmentNode,
  type StaffInput,
  type StaffRow,
} from '../api';
import {
  PASSWORD_HINT,
  accountRules,
  blankToNull,
  departmentOptions,
  emailRules,
  jobNumberRules,
  passwordRules,
  phoneRules,
  realNameRules,
} from '../staff-rules';
import { showPasswordOnce } from './password-notice';

interface FormValues {
  realName: string;
  account: string;
  phone?: string;
  email?: string;
  gender?: boolean | null;
  jobNumber?: string;
  departmentId?: number | null;
  postId?: number | null;
  roleIds?: number[];
  password?: string;
}

/** Adds a staff member or edits one. Roles are offered only to callers who may assign them. */
export function StaffFormModal({
  open,
  staff,
  tree,
  defaultDepartmentId,
  canAssignRoles,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The person to edit; absent to add. */
  staff: StaffRow | null;
  tree: readonly DepartmentNode[];
  defaultDepartmentId: number | null;
  canAssignRoles: boolean;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const editing = staff !== null;
  const options = useQuery({ queryKey: staffKeys.options, queryFn: fetchStaffOptions, enabled: open });
  const defaultRole = options.data?.roles.find((role) => role.isDefault);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (staff) {
      form.setFieldsValue({
        realName: staff.realName,
        account: staff.account,
        phone: staff.phone ?? '',
        email: staff.email ?? '',
        gender: staff.gender,
        jobNumber: staff.jobNumber ?? '',
        departmentId: staff.departmentId ?? undefined,
        postId: staff.postVO?.postId ?? undefined,
        roleIds: staff.roles.map((role) => role.roleId),
      });
    } else {
      form.setFieldsValue({ departmentId: defaultDepartmentId ?? undefined });
    }
  }, [open, staff, defaultDepartmentId, form]);

  useEffect(() => {
    // New staff start with the default role, as the server would give them.
    if (open && !staff && defaultRole && form.getFieldValue('roleIds') === undefined) {
      form.setFieldsValue({ roleIds: [defaultRole.roleId] });
    }
  }, [open, staff, defaultRole, form]);

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const input: StaffInput = {
        realName: values.realName.trim(),
        account: values.account.trim(),
        phone: blankToNull(values.phone),
        email: blankToNull(values.email),
        gender: values.gender ?? null,
        jobNumber: blankToNull(values.jobNumber),
        departmentId: values.departmentId ?? null,
        postId: values.postId ?? null,
        ...(canAssignRoles ? { roleIds: values.roleIds ?? [] } : {}),
      };
      if (staff) {
        await modifyStaff(staff.userId, input);
        return { initialPassword: null, input };
      }
      const created = await addStaff({ ...input, password: blankToNull(values.password) });
      return { initialPassword: created.initialPassword, input };
    },
    onSuccess: ({ initialPassword, input }) => {
      message.success(editing ? `已保存「${input.realName}」` : `已新增员工「${input.realName}」`);
      onSaved();
      if (initialPassword) {
        showPasswordOnce(modal, '员工已新增，初始密码如下', {
          realName: input.realName,
          account: input.account,
          password: initialPassword,
        });
      }
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? `编辑员工 · ${staff.realName}` : '新增员工'}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues>
        form={form}
        name="kp-staff-form"
        layout="vertical"
        aria-label={editing ? '编辑员工' : '新增员工'}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={16}>
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
          {!editing ? (
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
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}
