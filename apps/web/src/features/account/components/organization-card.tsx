import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import { accountKeys, fetchOrganization, updateOrganization, type OrganizationInfo } from '../api';
import { refreshSessionUser } from '../session-sync';
import { ImageUploadButton } from './image-upload';

interface OrganizationValues {
  organizationName: string;
}

type OrganizationChange = {
  organizationName?: string;
  organizationLogoUrl?: string | null;
  autoApproveAuditorQuestions?: boolean;
};

/** Saves a change of the organisation and refreshes what shows it (this card, the session's user). */
function useApplyOrganization() {
  const queryClient = useQueryClient();
  return async (change: OrganizationChange) => {
    const updated = await updateOrganization(change);
    queryClient.setQueryData<OrganizationInfo>(accountKeys.organization, updated);
    await refreshSessionUser(queryClient);
  };
}

/** The logo, with 上传 Logo and 移除 Logo for administrators. */
function LogoRow({ org }: { org: OrganizationInfo }): ReactNode {
  const apply = useApplyOrganization();
  const saveLogo = async (url: string | null) => {
    await apply({ organizationLogoUrl: url });
    toast.success(url ? 'Logo 已更新' : 'Logo 已移除');
  };
  return (
    <div className="kp-account__logo-row">
      {org.organizationLogoUrl ? (
        <img src={org.organizationLogoUrl} alt="组织 Logo" className="kp-account__logo" />
      ) : (
        <div className="kp-account__logo kp-account__logo--empty" aria-label="未设置 Logo">
          <BankOutlined />
        </div>
      )}
      {org.editable ? (
        <Space wrap>
          <ImageUploadButton label="上传 Logo" onUploaded={saveLogo} testId="logo-upload" />
          {org.organizationLogoUrl ? (
            <Button type="link" onClick={() => void saveLogo(null).catch(() => undefined)}>
              移除 Logo
            </Button>
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}

/** 组织名称, saved with 保存组织信息 (administrators only). */
function OrganizationNameForm({ org }: { org: OrganizationInfo }): ReactNode {
  const apply = useApplyOrganization();
  const [form] = Form.useForm<OrganizationValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ organizationName: org.organizationName });
  }, [org, form]);

  const saveName = async (values: OrganizationValues) => {
    setSaving(true);
    try {
      await apply({ organizationName: values.organizationName.trim() });
      toast.success('组织名称已保存');
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
      onFinish={(values) => void saveName(values)}
      className="kp-account__form"
      name="organization"
    >
      <Form.Item
        name="organizationName"
        label="组织名称"
        rules={[
          { required: true, whitespace: true, message: '请输入组织名称' },
          { min: 2, message: '组织名称至少 2 个字' },
          { max: 100, message: '组织名称不能超过 100 个字符' },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="save-organization">
        保存组织信息
      </Button>
    </Form>
  );
}

/** The organisation's settings; administrators change them, everyone else reads them. */
function OrganizationSettings({ org }: { org: OrganizationInfo }): ReactNode {
  const apply = useApplyOrganization();
  const [saving, setSaving] = useState(false);
  const toggle = async (on: boolean) => {
    setSaving(true);
    try {
      await apply({ autoApproveAuditorQuestions: on });
      toast.success(on ? '已开启：审核人员录入的试题免审核' : '已关闭：审核人员录入的试题需要审核');
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="kp-account__setting">
      <Space align="start">
        <Switch
          checked={org.autoApproveAuditorQuestions}
          disabled={!org.editable}
          loading={saving}
          onChange={(on) => void toggle(on)}
          aria-label="审核人员录入的试题免审核"
          data-testid="auto-approve-setting"
        />
        <div>
          <Typography.Text strong>审核人员录入的试题免审核</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            开启后，管理员和拥有“试题审核”权限的人员新增、修改、导入或复制的试题直接审核通过；其他人员的试题仍需审核后才能组卷。
          </Typography.Text>
        </div>
      </Space>
    </div>
  );
}

/** 组织信息: everyone reads it; administrators rename the organisation and change its logo. */
export function OrganizationCard(): ReactNode {
  const query = useQuery({ queryKey: accountKeys.organization, queryFn: fetchOrganization });
  const org = query.data;

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError || !org)
    body = <PageError description="组织信息加载失败，请稍后重试。" onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <LogoRow org={org} />
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          className="kp-account__facts"
          items={[
            {
              key: 'name',
              label: '组织名称',
              children: <span data-testid="org-name">{org.organizationName}</span>,
            },
            { key: 'kind', label: '组织类型', children: org.kindName },
            { key: 'staff', label: '在职人数', children: org.staffCount },
            { key: 'departments', label: '部门数', children: org.departmentCount },
            { key: 'created', label: '开通时间', children: dayjs(org.createdAt).format('YYYY-MM-DD') },
          ]}
        />
        {org.editable ? (
          <OrganizationNameForm org={org} />
        ) : (
          <Typography.Text type="secondary">组织名称、Logo 与设置由管理员维护。</Typography.Text>
        )}
        <OrganizationSettings org={org} />
      </>
    );

  return (
    <Card title="组织信息" className="kp-account__card" data-testid="organization-card">
      {body}
    </Card>
  );
}
