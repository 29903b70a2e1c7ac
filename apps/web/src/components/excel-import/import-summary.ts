import type { ImportResult } from '@kaopei/shared/contracts/file';

/** The summary of a finished import; `unit` counts what was imported, e.g. '名员工', '道试题'. */
export function importSummary(
  result: ImportResult,
  unit: string,
): { status: 'success' | 'warning' | 'error'; title: string; detail: string } {
  if (result.failedRows === 0) {
    return { status: 'success', title: `导入成功，共导入 ${result.imported} ${unit}`, detail: '' };
  }
  if (result.mode === 'all') {
    return {
      status: 'error',
      title: `${result.failedRows} 行有错误，未导入任何数据`,
      detail: `文件共 ${result.total} 行。请按下表修改后重新导入，或选择“仅导入正确行”。`,
    };
  }
  return {
    status: result.imported > 0 ? 'warning' : 'error',
    title: `已导入 ${result.imported} ${unit}，${result.failedRows} 行未导入`,
    detail: `文件共 ${result.total} 行。请按下表修改未导入的行后再导入它们。`,
  };
}
