import { useState, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import { ExcelImportDialog } from '../../../components/excel-import-dialog';
import { downloadTemplate, startImport } from '../api';
import { PASSWORD_HINT, PASSWORD_PATTERN } from '../staff-rules';

/** Staff import: the house Excel import dialog with the default initial password for rows without one. */
export function ImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}): ReactNode {
  const [defaultPassword, setDefaultPassword] = useState('');
  const passwordProblem =
    defaultPassword !== '' && !PASSWORD_PATTERN.test(defaultPassword)
      ? `默认初始密码需为 ${PASSWORD_HINT}`
      : null;

  return (
    <ExcelImportDialog
      open={open}
      title="导入员工"
      hint="按模板填写员工信息后上传：姓名、账号必填；部门填写完整路径，如“技术部/研发组”。"
      unit="名员工"
      downloadTemplate={downloadTemplate}
      start={(file, mode) => startImport(file, mode, defaultPassword)}
      ready={passwordProblem === null}
      onClose={onClose}
      onImported={onImported}
      fields={
        <Form.Item
          label="默认初始密码"
          extra={`模板中“初始密码”为空的员工使用此密码（${PASSWORD_HINT}）；留空则这些行会被标记为错误`}
          validateStatus={passwordProblem ? 'error' : undefined}
          help={passwordProblem ?? undefined}
        >
          <Input.Password
            value={defaultPassword}
            onChange={(event) => setDefaultPassword(event.target.value.trim())}
            maxLength={32}
            autoComplete="new-password"
            aria-label="默认初始密码"
          />
        </Form.Item>
      }
    />
  );
}
