import { useTranslation } from 'react-i18next';
import { Alert, Button } from 'antd';
import { PageTable as Table, type PageTableProps } from '../../shared/ui/PageTable';
import { useFailureText } from './customerFormat';

/** One server page of rows; a failed load says "Query failed" with the reason. */
export function PageTable<T extends { id: string }>(props: Omit<PageTableProps<T>, 'failed'>) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const { page } = props;
  return (
    <Table<T>
      {...props}
      failed={
        <Alert
          type="error"
          showIcon
          title={failure('query', page.error)}
          action={
            <Button size="small" type="primary" onClick={() => void page.refetch()}>
              {t('app.retry')}
            </Button>
          }
        />
      }
    />
  );
}
