import type { ReactNode } from 'react';
import {
  ApiOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  CloudServerOutlined,
  ContactsOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The icons menu entries may name (the entry's icon or customFields `icon`), by antd icon
 * name (`DashboardOutlined`) or short name (`dashboard`). They are decorative: hidden from
 * assistive technology, so menu items are named by their titles only.
 */
const icons: Record<string, ReactNode> = {
  api: <ApiOutlined aria-hidden="true" />,
  apartment: <ApartmentOutlined aria-hidden="true" />,
  appstore: <AppstoreOutlined aria-hidden="true" />,
  bank: <BankOutlined aria-hidden="true" />,
  book: <BookOutlined aria-hidden="true" />,
  cloudserver: <CloudServerOutlined aria-hidden="true" />,
  contacts: <ContactsOutlined aria-hidden="true" />,
  dashboard: <DashboardOutlined aria-hidden="true" />,
  experiment: <ExperimentOutlined aria-hidden="true" />,
  fieldtime: <FieldTimeOutlined aria-hidden="true" />,
  filetext: <FileTextOutlined aria-hidden="true" />,
  global: <GlobalOutlined aria-hidden="true" />,
  history: <HistoryOutlined aria-hidden="true" />,
  home: <HomeOutlined aria-hidden="true" />,
  idcard: <IdcardOutlined aria-hidden="true" />,
  layout: <LayoutOutlined aria-hidden="true" />,
  lock: <LockOutlined aria-hidden="true" />,
  menu: <MenuOutlined aria-hidden="true" />,
  message: <MessageOutlined aria-hidden="true" />,
  notification: <NotificationOutlined aria-hidden="true" />,
  profile: <ProfileOutlined aria-hidden="true" />,
  safety: <SafetyOutlined aria-hidden="true" />,
  setting: <SettingOutlined aria-hidden="true" />,
  shop: <ShopOutlined aria-hidden="true" />,
  solution: <SolutionOutlined aria-hidden="true" />,
  tags: <TagsOutlined aria-hidden="true" />,
  team: <TeamOutlined aria-hidden="true" />,
  user: <UserOutlined aria-hidden="true" />,
};

export function menuIcon(name: string | null): ReactNode {
  if (!name) return undefined;
  return icons[name.toLowerCase().replace(/(outlined|filled|twotone)$/, '')];
}
