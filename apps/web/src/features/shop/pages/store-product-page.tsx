import type { ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PRODUCT_KIND_LABELS, shopPaths } from '@kaopei/shared/contracts/shop';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { buyProduct, fetchStoreProduct, shopKeys } from '../api';
import { itemLink, ownedText, priceText, validityText } from '../shop-rules';
import '../shop.css';

/** /m/store/:productId: what the product holds, its price, and 立即购买 (the price is the server's). */
export default function StoreProductPage(): ReactNode {
  const productId = Number(useParams().productId) || 0;
  const navigate = useNavigate();
  const product = useQuery({
    queryKey: shopKeys.storeProduct(productId),
    queryFn: () => fetchStoreProduct(productId),
    enabled: productId > 0,
    refetchOnMount: 'always',
  });
  const buy = useMutation({
    mutationFn: () => buyProduct(productId),
    onSuccess: (order) => {
      if (order.payUrl) void navigate(order.payUrl);
      else void navigate(shopPaths.myOrder(order.orderId));
    },
  });
  return (
    <LearnerShell>
      <LearnerHeader title="商品详情" back={shopPaths.store} />
      <main className="kp-m-main">
        {product.isPending ? (
          <PageLoading />
        ) : product.isError ? (
          <PageError onRetry={() => void product.refetch()} />
        ) : (
          <section className="kp-m-card" aria-label="商品">
            {product.data.coverUrl ? (
              <img className="kp-store-card__cover" src={product.data.coverUrl} alt="" />
            ) : null}
            <h1 className="kp-store-card__name">{product.data.name}</h1>
            <div className="kp-store-price">{priceText(product.data.priceFen)}</div>
            <div className="kp-store-meta">{validityText(product.data.validityDays)}</div>
            {product.data.description ? <p>{product.data.description}</p> : null}
            <h2 className="kp-store-meta">包含的{PRODUCT_KIND_LABELS[product.data.kind]}</h2>
            <ul>
              {product.data.items.map((item) => (
                <li key={item.refId}>{item.name ?? '（已删除）'}</li>
              ))}
            </ul>
            <div className="kp-store-actions">
              {product.data.owned ? (
                <>
                  <Tag color="green">{ownedText(product.data.ownedUntil)}</Tag>
                  {product.data.items[0] ? (
                    <LinkButton
                      type="primary"
                      block
                      to={itemLink(product.data.kind, product.data.items[0].refId)}
                    >
                      去学习
                    </LinkButton>
                  ) : null}
                </>
              ) : (
                <Button type="primary" block loading={buy.isPending} onClick={() => buy.mutate()}>
                  {product.data.pendingOrderId ? '继续支付' : '立即购买'}
                </Button>
              )}
            </div>
          </section>
        )}
      </main>
    </LearnerShell>
  );
}
