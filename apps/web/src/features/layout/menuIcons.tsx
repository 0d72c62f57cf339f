import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The few icons menu entries may name (the entry's icon or customFields `icon`), by antd icon
 * name (`DashboardOutlined`) or short name (`dashboard`). They are decorative: hidden from
 * assistive technology, so menu items are named by their titles only.
 */
const icons: Record<string, ReactNode> = {
  api: <ApiOutlined aria-hidden="true" />,
  appstore: <AppstoreOutlined aria-hidden="true" />,
  book: <BookOutlined aria-hidden="true" />,
  dashboard: <DashboardOutlined aria-hidden="true" />,
  experiment: <ExperimentOutlined aria-hidden="true" />,
  home: <HomeOutlined aria-hidden="true" />,
  idcard: <IdcardOutlined aria-hidden="true" />,
  lock: <LockOutlined aria-hidden="true" />,
  setting: <SettingOutlined aria-hidden="true" />,
  team: <TeamOutlined aria-hidden="true" />,
  user: <UserOutlined aria-hidden="true" />,
};

export function menuIcon(name: string | null): ReactNode {
  if (!name) return undefined;
  return icons[name.toLowerCase().replace(/(outlined|filled|twotone)$/, '')];
}
