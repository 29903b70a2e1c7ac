import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Progress, Row, Select, Space, Typography } from 'antd';
import { DownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PageError, PageLoading } from '../../../../app/page-states';
import { toast } from '../../../../lib/feedback';
import {
  exportCalibrations,
  fetchCalibrations,
  fetchOptions,
  irtKeys,
  type AnalysisOptions,
  type CalibrationRow,
} from '../api';
import { CalibrationTable } from './calibration-table';
import { IccCard } from './icc-card';
import { InformationCard } from './information-card';
import { OfflineImportCard } from './offline-import-card';
import { useCalibrationJob } from './use-calibration-job';

/** The bank picker, calibration start with progress, and the export. */
function BankBar({
  banks,
  bankId,
  onBank,
}: {
  banks: AnalysisOptions['banks'];
  bankId: number | null;
  onBank: (id: number) => void;
}): ReactNode {
  const job = useCalibrationJob(bankId);
  const exporting = useMutation({
    mutationFn: () => exportCalibrations(bankId ?? 0),
    onSuccess: (name) => toast.success(`已下载 ${name}`),
  });
  return (
    <Space wrap>
      <Select
        aria-label="题库"
        placeholder="选择题库"
        showSearch
        optionFilterProp="label"
        style={{ width: 260, maxWidth: '80vw' }}
        value={bankId ?? undefined}
        onChange={onBank}
        options={banks.map((b) => ({
          value: b.id,
          label: `${b.name}${b.calibrated > 0 ? `（已校准 ${b.calibrated} 题）` : ''}`,
        }))}
      />
      <Button
        type="primary"
        icon={<ExperimentOutlined />}
        disabled={bankId === null}
        loading={job.running}
        onClick={job.start}
      >
        开始校准
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={bankId === null}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        导出 Excel
      </Button>
      {job.running ? (
        <Progress percent={job.percent} size="small" style={{ width: 160 }} aria-label="校准进度" />
      ) : null}
    </Space>
  );
}

/** IRT 校准: calibrate a bank under the 2PL, see its questions, a question's ICC and a paper's information. */
export function IrtTab(): ReactNode {
  const options = useQuery({ queryKey: irtKeys.options, queryFn: fetchOptions });
  const [bankId, setBankId] = useState<number | null>(null);
  const [paging, setPaging] = useState({ page: 0, size: 10 });
  const [selected, setSelected] = useState<CalibrationRow | null>(null);
  useEffect(() => {
    if (bankId !== null || !options.data) return;
    const first = options.data.banks.find((b) => b.calibrated > 0) ?? options.data.banks[0];
    if (first) setBankId(first.id);
  }, [options.data, bankId]);
  const list = useQuery({
    queryKey: irtKeys.calibrations(bankId ?? 0, paging.page, paging.size),
    queryFn: () => fetchCalibrations(bankId ?? 0, paging.page, paging.size),
    enabled: bankId !== null,
    placeholderData: keepPreviousData,
  });
  if (options.isPending) return <PageLoading />;
  if (options.isError) return <PageError onRetry={() => void options.refetch()} />;
  const rows = list.data?.data ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="题库校准（2PL）" size="small" extra={null}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <BankBar
            banks={options.data.banks}
            bankId={bankId}
            onBank={(id) => {
              setBankId(id);
              setSelected(null);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
          <Typography.Text type="secondary">
            用题库在各场考试中全部已评分的客观题作答（满分记答对），按两参数 logistic
            模型以边际极大似然估计每道题的区分度 a 与难度 b。
          </Typography.Text>
          {bankId !== null && list.data && list.data.total === 0 ? (
            <Alert
              type="info"
              showIcon
              message="该题库还没有校准结果，点击“开始校准”。至少需要 20 份已交卷作答。"
            />
          ) : null}
          {list.isError ? <PageError onRetry={() => void list.refetch()} /> : null}
          <CalibrationTable
            rows={rows}
            total={list.data?.total ?? 0}
            page={paging.page}
            size={paging.size}
            loading={list.isFetching}
            selectedId={selected?.questionId ?? null}
            onPage={(page, size) => setPaging({ page, size })}
            onSelect={setSelected}
          />
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <IccCard row={selected ?? rows[0] ?? null} />
        </Col>
        <Col xs={24} lg={12}>
          <InformationCard papers={options.data.papers} />
        </Col>
      </Row>
      <OfflineImportCard exams={options.data.exams} />
    </Space>
  );
}
