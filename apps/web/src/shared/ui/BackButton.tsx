import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useBack } from '../areaNavigation';

/** Back to where the user came from, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback, children }: { fallback: string; children: ReactNode }) {
  const back = useBack(fallback);
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      {children}
    </Button>
  );
}
