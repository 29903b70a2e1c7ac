import type { ReactNode } from 'react';
import { Alert, Button, Result } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { confirmDevPayment, fetchDevPayment, shopKeys } from '../api';
import { priceText } from '../shop-rules';
import '../shop.css';

/**
 * /m/pay/dev?orderNo=: the development payment provider's cashier. Confirming pays at the provider, which
 * then sends the merchant its signed notification (as WeChat Pay or Alipay would).
 */
export default function DevPayPage(): ReactNode {
  const orderNo = useSearchParams()[0].get('orderNo') ?? '';
  const navigate = useNavigate();
  const payment = useQuery({
    queryKey: shopKeys.devPayment(orderNo),
    queryFn: () => fetchDevPayment(orderNo),
    enabled: orderNo !== '',
  });
  const confirm = useMutation({
    mutationFn: () => confirmDevPayment(orderNo),
    onSuccess: (result) => void navigate(result.returnUrl),
  });
  return (
    <LearnerShell>
      <LearnerHeader title="收银台（开发环境）" />
      <main className="kp-m-main">
        {payment.isPending ? (
          <PageLoading />
        ) : payment.isError ? (
          <PageError onRetry={() => void payment.refetch()} />
        ) : payment.data.state !== 'unpaid' ? (
          <Result
            status={payment.data.state === 'paid' ? 'success' : 'warning'}
            title={
              payment.data.state === 'paid'
                ? '已支付'
                : payment.data.state === 'closed'
                  ? '交易已关闭'
                  : '交易已退款'
            }
            extra={<Button onClick={() => void navigate(payment.data.returnUrl)}>返回订单</Button>}
          />
        ) : (
          <section className="kp-m-card" aria-label="付款">
            <Alert
              type="info"
              showIcon
              message="开发环境支付渠道：确认后即视为付款成功，并向商户发送签名的支付通知。"
            />
            <div className="kp-store-meta">收款方：{payment.data.merchant}</div>
            <div className="kp-store-meta">商品：{payment.data.subject}</div>
            <div className="kp-store-meta">订单号：{payment.data.orderNo}</div>
            <div className="kp-pay-amount" aria-label="付款金额">
              {priceText(payment.data.amountFen)}
            </div>
            <div className="kp-store-actions">
              <Button type="primary" block loading={confirm.isPending} onClick={() => confirm.mutate()}>
                确认支付
              </Button>
              <Button block onClick={() => void navigate(payment.data.returnUrl)}>
                取消
              </Button>
            </div>
          </section>
        )}
      </main>
    </LearnerShell>
  );
}
