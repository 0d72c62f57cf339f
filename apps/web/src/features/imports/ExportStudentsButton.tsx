import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { StudentExportQuery } from '@platform/contract';
import { downloadStudentExport } from './api';

/** Downloads the students the list's filters select, as a spreadsheet named by the server. */
export function ExportStudentsButton({ filters }: { filters: StudentExportQuery }) {
  const { t } = useTranslation();
  const exporting = useMutation({ mutationFn: () => downloadStudentExport(filters) });
  return (
    <Button
      icon={<ExportOutlined />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate()}
    >
      {t('imports.export')}
    </Button>
  );
}
