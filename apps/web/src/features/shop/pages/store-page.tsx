import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_KIND_LABELS, shopPaths } from '@kaopei/shared/contracts/shop';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { fetchStore, shopKeys, type StoreProductRow } from '../api';
import { ownedText, priceText, validityText } from '../shop-rules';
import '../shop.css';

const PAGE_SIZE = 10;

function ProductCard({ row }: { row: StoreProductRow }): ReactNode {
  return (
    <li className="kp-m-card kp-store-card" data-testid="store-product">
      {row.coverUrl ? <img className="kp-store-card__cover" src={row.coverUrl} alt="" /> : null}
      <div className="kp-store-card__body">
        <Link to={shopPaths.storeProduct(row.productId)} className="kp-store-card__name">
          {row.name}
        </Link>
        <div className="kp-store-meta">
          {PRODUCT_KIND_LABELS[row.kind]} · {row.itemCount} 项 · {validityText(row.validityDays)}
        </div>
        {row.owned ? (
          <Tag color="green">{ownedText(row.ownedUntil)}</Tag>
        ) : (
          <span className="kp-store-price">{priceText(row.priceFen)}</span>
        )}
      </div>
    </li>
  );
}

/** /m/store: the organisation's products on the shelf. */
export default function StorePage(): ReactNode {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: shopKeys.store(page, PAGE_SIZE),
    queryFn: () => fetchStore(page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      <LearnerHeader title="商城" />
      <main className="kp-m-main">
        <p>
          <Link to={shopPaths.myOrders}>我的订单</Link>
        </p>
        {list.isPending ? (
          <PageLoading />
        ) : list.isError ? (
          <PageError onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <PageEmpty description="暂无在售商品" />
        ) : (
          <>
            <ul className="kp-m-list">
              {list.data.data.map((row) => (
                <ProductCard key={row.productId} row={row} />
              ))}
            </ul>
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                simple
                align="center"
                current={page + 1}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onChange={(next) => setPage(next - 1)}
              />
            ) : null}
          </>
        )}
      </main>
    </LearnerShell>
  );
}
