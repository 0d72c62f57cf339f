import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';

interface DownloadButtonProps {
  /** Fetches the file and hands it to the browser. */
  download: () => Promise<void>;
  icon?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/** A button that runs a download, spinning until it ends. */
export function DownloadButton({
  download,
  icon = <DownloadOutlined />,
  disabled = false,
  children,
}: DownloadButtonProps) {
  const running = useMutation({ mutationFn: download });
  return (
    <Button
      icon={icon}
      loading={running.isPending}
      disabled={disabled}
      onClick={() => running.mutate()}
    >
      {children}
    </Button>
  );
}
