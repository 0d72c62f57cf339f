import { useTranslation } from 'react-i18next';
import { ExportOutlined } from '@ant-design/icons';
import type { StudentExportQuery } from '@platform/contract';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { downloadStudentExport } from './api';

/** Downloads the students the list's filters select, as a spreadsheet named by the server. */
export function ExportStudentsButton({ filters }: { filters: StudentExportQuery }) {
  const { t } = useTranslation();
  return (
    <DownloadButton icon={<ExportOutlined />} download={() => downloadStudentExport(filters)}>
      {t('imports.export')}
    </DownloadButton>
  );
}
