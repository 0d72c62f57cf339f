import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { LoadingState } from '../../../shared/ui/PageStates';
import { useElementWidth } from '../../layout/useElementWidth';

// Set where the components are used, so that react-pdf's default does not win (its README).
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * A PDF in the page, one page at a time, as wide as the view at 100 %, with page navigation and
 * zoom. Loaded only by the PDF step, with the pdf.js worker.
 */
export function PdfView({ url }: { url: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(zoomSteps.indexOf(1));
  const scale = zoomSteps[zoom] ?? 1;

  return (
    <div className="cs-pdf">
      <Space wrap className="cs-pdf__bar">
        <Button
          icon={<LeftOutlined />}
          aria-label={t('courses.study.pdf.previousPage')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <Typography.Text>
          {t('courses.study.pdf.page', { page, pages: pages || '…' })}
        </Typography.Text>
        <Button
          icon={<RightOutlined />}
          aria-label={t('courses.study.pdf.nextPage')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
        <Button
          icon={<ZoomOutOutlined />}
          aria-label={t('courses.study.pdf.zoomOut')}
          disabled={zoom <= 0}
          onClick={() => setZoom(zoom - 1)}
        />
        <Typography.Text>
          {t('courses.study.pdf.zoom', { percent: Math.round(scale * 100) })}
        </Typography.Text>
        <Button
          icon={<ZoomInOutlined />}
          aria-label={t('courses.study.pdf.zoomIn')}
          disabled={zoom >= zoomSteps.length - 1}
          onClick={() => setZoom(zoom + 1)}
        />
      </Space>
      <div ref={box} className="cs-pdf__pages">
        <Document
          file={url}
          suspense={false}
          loading={<LoadingState />}
          error={<Alert type="error" showIcon title={t('courses.study.pdf.failed')} />}
          onLoadSuccess={({ numPages }) => {
            setPages(numPages);
            setPage((p) => Math.min(p, numPages));
          }}
        >
          <Page
            pageNumber={page}
            suspense={false}
            loading={<LoadingState />}
            {...(width ? { width: Math.floor(width) } : {})}
            scale={scale}
          />
        </Document>
      </div>
    </div>
  );
}
