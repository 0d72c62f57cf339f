import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Button, Card } from 'antd';
import { useIdParam } from '../areaNavigation';
import { QueryStates } from './PageStates';

/**
 * A page of one record by its `?id=`: the record's query with its loading and failed states, and
 * `missing` when the address has no valid id.
 */
export function RecordPage<T, K extends QueryKey>({
  optionsOf,
  missing,
  children,
}: {
  optionsOf: (id: string) => UseQueryOptions<T, Error, T, K>;
  missing: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const id = useIdParam();
  const query = useQuery({ ...optionsOf(id ?? ''), enabled: id !== null });
  if (id === null) return missing;
  return <QueryStates query={query}>{children}</QueryStates>;
}

/** A record page opened without its `?id=`: says so, with a way back to the list. */
export function MissingId({
  title,
  text,
  backText,
  onBack,
}: {
  title: string;
  text: string;
  backText: string;
  onBack: () => void;
}) {
  return (
    <Card title={title}>
      <Alert type="warning" showIcon title={text} />
      <Button style={{ marginTop: 16 }} onClick={onBack}>
        {backText}
      </Button>
    </Card>
  );
}
