import { useEffect, useState, type ReactNode } from 'react';
import { Form, Select } from 'antd';
import { ExcelImportDialog } from '../../../components/excel-import-dialog';
import { downloadQuestionTemplate, startImport, type BankOption } from '../api';

/** Question import: the house Excel import dialog with the bank the questions go to. */
export function QuestionImportModal({
  open,
  banks,
  defaultBankId,
  onClose,
  onImported,
}: {
  open: boolean;
  banks: BankOption[];
  defaultBankId?: number | undefined;
  onClose: () => void;
  onImported: () => void;
}): ReactNode {
  const [bankId, setBankId] = useState<number | undefined>(defaultBankId);
  useEffect(() => {
    if (open && defaultBankId !== undefined) setBankId(defaultBankId);
  }, [open, defaultBankId]);

  return (
    <ExcelImportDialog
      open={open}
      title="导入试题"
      hint="按模板填写试题后上传：题型、题干必填，各题型的答案写法见模板的“填写说明”。"
      unit="道试题"
      downloadTemplate={downloadQuestionTemplate}
      start={(file, mode) => {
        if (bankId === undefined) throw new Error('请先选择题库');
        return startImport(file, bankId, mode);
      }}
      ready={bankId !== undefined}
      onClose={onClose}
      onImported={onImported}
      fields={
        <Form.Item label="导入到题库" required>
          <Select
            value={bankId}
            onChange={setBankId}
            placeholder="请选择题库"
            aria-label="导入到题库"
            options={banks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
          />
        </Form.Item>
      }
    />
  );
}
