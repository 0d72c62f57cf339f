import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  Pagination,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  experimentKinds,
  type CenterItem,
  type PageFilter,
  type centerPageSchema,
} from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useKeptScroll, useKeptSearch, type SearchCodec } from '../../shared/keptList';
import { centerPageQueryOptions, type CenterPageQuery } from './api';
import { useEnvPath } from './useEnvironment';
import { RuntimeStateTag } from './RuntimeStateTag';
import './environment.css';

const pageSize = 12;

type Filters = PageFilter<typeof centerPageSchema>;
type ListState = Filters & { pageNum: number };

/** The filters and page in the address: `?name=&experimentKind=&label=&page=`. */
const codec: SearchCodec<ListState> = {
  keys: ['name', 'experimentKind', 'label', 'page'],
  read(params) {
    const page = Number(params.get('page'));
    const kind = params.get('experimentKind');
    return {
      name: params.get('name')?.trim() || undefined,
      experimentKind: experimentKinds.find((k) => k === kind),
      label: params.get('label')?.trim() || undefined,
      pageNum: Number.isInteger(page) && page > 0 ? page : 1,
    };
  },
  write(state) {
    const params = new URLSearchParams();
    const name = state.name?.trim();
    const label = state.label?.trim();
    if (name) params.set('name', name);
    if (state.experimentKind) params.set('experimentKind', state.experimentKind);
    if (label) params.set('label', label);
    params.set('page', String(state.pageNum));
    return params;
  },
};

function EnvCard({ item }: { item: CenterItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = useEnvPath();
  return (
    <Card
      className="env-card"
      title={<span className="env-card__title">{item.name}</span>}
      extra={<RuntimeStateTag state={item.runtimeState} />}
      actions={[
        <Button key="detail" type="link" onClick={() => void navigate(pathOf('detail', item.id))}>
          {t('labs.details')}
        </Button>,
        <Button
          key="enter"
          type="link"
          disabled={!item.runnable}
          onClick={() => void navigate(pathOf('experiment', item.id))}
        >
          {t('labs.enter')}
        </Button>,
      ]}
    >
      <Space wrap size={4} className="env-card__tags">
        <Tag color="blue">{t(`labs.kinds.${item.experimentKind}`)}</Tag>
        {item.labels.map((label) => (
          <Tag key={label}>{label}</Tag>
        ))}
      </Space>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} className="env-card__text">
        {item.description || t('labs.noDescription')}
      </Typography.Paragraph>
      {!item.runnable && <Alert type="warning" showIcon title={t('labs.unrunnable')} />}
    </Card>
  );
}

/**
 * The environment centre: the environments one may run, filtered and paged by the server. Kept
 * as left (spec platform §2): coming back from an environment, or from the menu, shows the same
 * filters, page and scroll position.
 */
export function EnvIndex() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const { state, show, key, inAddress } = useKeptSearch('environment', true, codec);
  const query: CenterPageQuery = { ...state, pageSize };
  const page = useQuery({ ...centerPageQueryOptions(query), placeholderData: keepPreviousData });
  useKeptScroll(key, inAddress && Boolean(page.data) && !page.isPlaceholderData);

  // The fields show the filters in use, also when they come from the address.
  useEffect(() => {
    form.setFieldsValue({
      name: state.name,
      experimentKind: state.experimentKind,
      label: state.label,
    });
  }, [form, state]);

  const search = (filters: Filters) => show({ ...filters, pageNum: 1 });
  const clear = () => {
    form.resetFields();
    show({ pageNum: 1 });
  };

  const textFilter = (field: 'name' | 'label', maxLength: number) => (
    <Form.Item name={field} label={t(`labs.filters.${field}`)}>
      <Input allowClear placeholder={t(`labs.filters.${field}Placeholder`)} maxLength={maxLength} />
    </Form.Item>
  );

  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError)
    body = <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  else if (page.data.records.length === 0) body = <EmptyState />;
  else
    body = (
      <Row gutter={[16, 16]}>
        {page.data.records.map((item) => (
          <Col key={item.id} xs={24} sm={12} lg={8} xxl={6}>
            <EnvCard item={item} />
          </Col>
        ))}
      </Row>
    );

  return (
    <Card title={t('labs.centre')}>
      <Form<Filters> form={form} layout="inline" onFinish={search} className="env-filters">
        {textFilter('name', 100)}
        <Form.Item name="experimentKind" label={t('labs.filters.kind')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('labs.filters.allKinds')}
            options={experimentKinds.map((kind) => ({
              value: kind,
              label: t(`labs.kinds.${kind}`),
            }))}
          />
        </Form.Item>
        {textFilter('label', 20)}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('labs.filters.search')}
            </Button>
            <Button onClick={clear}>{t('labs.filters.clear')}</Button>
          </Space>
        </Form.Item>
      </Form>
      {body}
      {page.data && page.data.total > 0 && (
        <Pagination
          className="env-pagination"
          current={state.pageNum}
          pageSize={pageSize}
          total={page.data.total}
          showSizeChanger={false}
          onChange={(pageNum) => show({ ...state, pageNum })}
        />
      )}
    </Card>
  );
}
