import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Button, Card, Descriptions, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/feedback';
import { updateProfile, type AccountDetail } from '../api';
import { refreshSessionUser } from '../session-sync';
import { ImageUploadButton } from './image-upload';
import { PhoneDialog } from './phone-dialog';

interface ProfileValues {
  realName: string;
  email: string;
  gender: 'male' | 'female' | 'unset';
}

function toValues(detail: AccountDetail): ProfileValues {
  return {
    realName: detail.realName ?? '',
    email: detail.email ?? '',
    gender: detail.gender === true ? 'male' : detail.gender === false ? 'female' : 'unset',
  };
}

function maskPhone(phone: string | null | undefined): string {
  return phone ? phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2') : '未绑定';
}

/** The avatar with 更换头像 and 移除头像. */
function AvatarRow({ avatarUrl }: { avatarUrl: string | null | undefined }): ReactNode {
  const queryClient = useQueryClient();
  const saveAvatar = async (next: string | null) => {
    await updateProfile({ avatarUrl: next });
    await refreshSessionUser(queryClient);
    toast.success(next ? '头像已更新' : '头像已移除');
  };
  return (
    <div className="kp-account__avatar-row">
      <Avatar size={72} src={avatarUrl || undefined} icon={<UserOutlined />} alt="头像" />
      <Space wrap>
        <ImageUploadButton label="更换头像" onUploaded={saveAvatar} testId="avatar-upload" />
        {avatarUrl ? (
          <Button type="link" onClick={() => void saveAvatar(null).catch(() => undefined)}>
            移除头像
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

/** 账号, 手机号 (with 更换 / 绑定), 部门, 工号 and 角色: what the user sees but does not edit here. */
function ProfileFacts(props: { detail: AccountDetail; onChangePhone: () => void }): ReactNode {
  const { detail, onChangePhone } = props;
  const roles = detail.roles ?? [];
  return (
    <Descriptions
      column={{ xs: 1, sm: 2 }}
      size="small"
      className="kp-account__facts"
      items={[
        { key: 'account', label: '账号', children: detail.account ?? '—' },
        {
          key: 'phone',
          label: '手机号',
          children: (
            <Space size={4} wrap>
              <span data-testid="profile-phone">{maskPhone(detail.phone)}</span>
              <Button type="link" size="small" onClick={onChangePhone} data-testid="change-phone">
                {detail.phone ? '更换' : '绑定'}
              </Button>
            </Space>
          ),
        },
        { key: 'department', label: '部门', children: detail.departmentName || '—' },
        { key: 'jobNumber', label: '工号', children: detail.jobNumber || '—' },
        {
          key: 'roles',
          label: '角色',
          children: detail.isAdmin ? (
            <Tag color="gold">组织管理员</Tag>
          ) : roles.length ? (
            roles.map((role) => <Tag key={String(role.roleId)}>{role.name}</Tag>)
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** 姓名, 性别 and 邮箱, saved with 保存资料. */
function ProfileForm({ detail }: { detail: AccountDetail }): ReactNode {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue(toValues(detail));
  }, [detail, form]);

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await updateProfile({
        realName: values.realName.trim(),
        email: values.email.trim() || null,
        gender: values.gender === 'unset' ? null : values.gender === 'male',
      });
      await refreshSessionUser(queryClient);
      toast.success('个人资料已保存');
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void save(values)}
      initialValues={toValues(detail)}
      className="kp-account__form"
      name="profile"
    >
      <Form.Item
        name="realName"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 50, message: '姓名不能超过 50 个字符' },
        ]}
      >
        <Input placeholder="真实姓名" maxLength={50} />
      </Form.Item>
      <Form.Item name="gender" label="性别">
        <Radio.Group
          options={[
            { value: 'male', label: '男' },
            { value: 'female', label: '女' },
            { value: 'unset', label: '不填' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label="邮箱"
        extra="用于接收找回密码的重置链接"
        rules={[{ type: 'email', message: '邮箱格式不正确' }]}
      >
        <Input placeholder="name@example.com" maxLength={200} autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="save-profile">
        保存资料
      </Button>
    </Form>
  );
}

/** 基本资料: avatar, name, gender and e-mail; the phone changes through a verified dialog. */
export function ProfileCard({ detail }: { detail: AccountDetail }): ReactNode {
  const [phoneOpen, setPhoneOpen] = useState(false);
  return (
    <Card title="基本资料" className="kp-account__card" data-testid="profile-card">
      <AvatarRow avatarUrl={detail.avatarUrl} />
      <ProfileFacts detail={detail} onChangePhone={() => setPhoneOpen(true)} />
      <ProfileForm detail={detail} />
      <PhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} hasPhone={Boolean(detail.phone)} />
    </Card>
  );
}
