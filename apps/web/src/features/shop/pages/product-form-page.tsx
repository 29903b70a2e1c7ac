import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_KIND_LABELS,
  PRODUCT_NAME_MAX,
  VALIDITY_DAYS_MAX,
  fenToYuan,
  shopPaths,
  yuanToFen,
  type ProductKind,
} from '@kaopei/shared/contracts/shop';
import { PageError, PageLoading } from '../../../app/page-states';
import { addProduct, fetchItemOptions, fetchProduct, modifyProduct, shopKeys } from '../api';
import { CoverInput } from '../../../components/cover-input';

interface FormValues {
  name: string;
  kind: ProductKind;
  price: string;
  refIds: number[];
  validity: 'forever' | 'days';
  validityDays?: number;
  coverUrl?: string | null;
  description?: string;
  onShelf: boolean;
}

function ItemSelect({
  kind,
  initial,
}: {
  kind: ProductKind;
  initial: { refId: number; name: string | null }[];
}): ReactNode {
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: shopKeys.itemOptions(kind, keyword),
    queryFn: () => fetchItemOptions(kind, keyword),
  });
  const seen = new Map<number, string>(initial.map((item) => [item.refId, item.name ?? `#${item.refId}`]));
  for (const option of options.data ?? []) seen.set(option.refId, option.name);
  return (
    <Form.Item
      name="refIds"
      label={`包含的${PRODUCT_KIND_LABELS[kind]}`}
      rules={[
        { required: true, type: 'array', min: 1, message: '请至少选择一门课程、一场考试或一个学习任务' },
      ]}
    >
      <Select
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        loading={options.isFetching}
        placeholder={`搜索并选择${PRODUCT_KIND_LABELS[kind]}`}
        aria-label={`包含的${PRODUCT_KIND_LABELS[kind]}`}
        options={[...seen.entries()].map(([value, label]) => ({ value, label }))}
      />
    </Form.Item>
  );
}

function PriceField(): ReactNode {
  return (
    <Form.Item
      name="price"
      label="价格（元）"
      rules={[
        { required: true, message: '价格不能为空' },
        {
          validator: (_r, value: string | undefined) => {
            if (value === undefined || value === '') return Promise.resolve();
            const fen = yuanToFen(value);
            if (fen === undefined) return Promise.reject(new Error('价格须为不小于 0 的金额，最多两位小数'));
            if (fen < 1) return Promise.reject(new Error('价格必须大于 0 元'));
            return Promise.resolve();
          },
        },
      ]}
    >
      <Input inputMode="decimal" prefix="¥" style={{ width: 180 }} placeholder="例如 19.90" />
    </Form.Item>
  );
}

function toBody(values: FormValues) {
  return {
    name: values.name,
    priceFen: yuanToFen(values.price) ?? 0,
    refIds: values.refIds,
    validityDays: values.validity === 'forever' ? null : (values.validityDays ?? null),
    coverUrl: values.coverUrl || null,
    description: values.description ?? null,
  };
}

/** /manage/operation/product/add (and ?productId= to edit): what it sells, price in yuan, validity. */
export default function ProductFormPage(): ReactNode {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || null;
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'course';
  const validity = Form.useWatch('validity', form);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({
    queryKey: shopKeys.product(productId ?? 0),
    queryFn: () => fetchProduct(productId!),
    enabled: productId !== null,
  });
  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    form.setFieldsValue({
      name: p.name,
      kind: p.kind,
      price: fenToYuan(p.priceFen),
      refIds: p.items.map((item) => item.refId),
      validity: p.validityDays === null ? 'forever' : 'days',
      validityDays: p.validityDays ?? undefined,
      coverUrl: p.coverUrl ?? undefined,
      description: p.description ?? undefined,
      onShelf: p.onShelf,
    });
  }, [existing.data, form]);
  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      if (productId === null)
        return (await addProduct({ ...toBody(values), kind: values.kind, onShelf: values.onShelf }))
          .productId;
      await modifyProduct({ productId, ...toBody(values) });
      return productId;
    },
    onSuccess: (id) => {
      message.success(productId === null ? '商品已创建' : '商品已保存');
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void navigate(shopPaths.productDetail(id));
    },
  });
  if (productId !== null && existing.isPending) return <PageLoading />;
  if (existing.isError) return <PageError onRetry={() => void existing.refetch()} />;
  return (
    <div className="kp-page">
      <Card title={productId === null ? '新建商品' : '编辑商品'} size="small" style={{ maxWidth: 760 }}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          name="kp-product-form"
          initialValues={{ kind: 'course', validity: 'forever', onShelf: false, refIds: [] }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="name"
            label="商品名称"
            rules={[
              { required: true, whitespace: true, message: '商品名称不能为空' },
              { max: PRODUCT_NAME_MAX, message: `商品名称不能超过 ${PRODUCT_NAME_MAX} 个字符` },
            ]}
          >
            <Input maxLength={PRODUCT_NAME_MAX} />
          </Form.Item>
          <Form.Item name="kind" label="商品类型">
            <Radio.Group
              disabled={productId !== null}
              onChange={() => form.setFieldValue('refIds', [])}
              options={Object.entries(PRODUCT_KIND_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <ItemSelect key={kind} kind={kind} initial={existing.data?.items ?? []} />
          <PriceField />
          <Form.Item name="validity" label="有效期">
            <Radio.Group
              options={[
                { value: 'forever', label: '永久有效' },
                { value: 'days', label: '购买后按天数' },
              ]}
            />
          </Form.Item>
          {validity === 'days' ? (
            <Form.Item
              name="validityDays"
              label="有效天数"
              rules={[{ required: true, message: '请填写有效天数' }]}
            >
              <InputNumber min={1} max={VALIDITY_DAYS_MAX} precision={0} addonAfter="天" />
            </Form.Item>
          ) : null}
          <Form.Item name="coverUrl" label="封面" extra="可留空；PNG、JPG、GIF 或 WebP，不超过 5 MB。">
            <CoverInput onError={(text) => message.error(text)} alt="商品封面" />
          </Form.Item>
          <Form.Item name="description" label="商品介绍">
            <Input.TextArea rows={4} maxLength={PRODUCT_DESCRIPTION_MAX} />
          </Form.Item>
          {productId === null ? (
            <Form.Item name="onShelf" label="立即上架" valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => void navigate(shopPaths.productList)}>取消</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
