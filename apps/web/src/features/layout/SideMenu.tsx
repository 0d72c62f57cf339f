import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuProps } from 'antd';
import { ExportOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { visibleChildren, type MenuEntry } from '../../shared/permissions/menuRoutes';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], opensInNewWindow: string): Item[] {
  return visibleChildren(entries).map((entry) => {
    const kids = visibleChildren(entry.children);
    const icon = menuIcon(entry.icon);
    if (kids.length > 0) {
      return { key: entry.id, label: entry.title, icon, children: toItems(kids, opensInNewWindow) };
    }
    const label = entry.externalUrl ? (
      <span>
        {entry.title} <ExportOutlined aria-label={opensInNewWindow} />
      </span>
    ) : (
      entry.title
    );
    return { key: entry.id, label, icon };
  });
}

function findById(entries: MenuEntry[], id: string): MenuEntry | null {
  for (const entry of entries) {
    if (entry.id === id) return entry;
    const found = findById(entry.children, id);
    if (found) return found;
  }
  return null;
}

interface SideMenuProps {
  /** The selected top item; the side menu shows its children. */
  top: MenuEntry;
  highlighted: MenuEntry | null;
  collapsed: boolean;
  onToggle: () => void;
  onOpen: (entry: MenuEntry) => void;
}

/** The collapsible left menu with its toggle bar. */
export function SideMenu({ top, highlighted, collapsed, onToggle, onOpen }: SideMenuProps) {
  const { t } = useTranslation();
  const ancestors = highlighted?.ancestors ?? [];
  const highlightId = highlighted?.id ?? null;
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  const [seenHighlight, setSeenHighlight] = useState(highlightId);
  if (seenHighlight !== highlightId) {
    // Navigating elsewhere opens the groups above the new entry.
    setSeenHighlight(highlightId);
    setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestors])));
  }

  return (
    <aside className={`side-menu${collapsed ? ' side-menu--collapsed' : ''}`}>
      <nav className="side-menu__panel" aria-label={t('layout.sideMenu')} hidden={collapsed}>
        <Menu
          mode="inline"
          items={toItems(top.children, t('layout.opensInNewWindow'))}
          selectedKeys={highlightId ? [highlightId] : []}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => {
            const entry = findById(top.children, key);
            if (entry) onOpen(entry);
          }}
        />
      </nav>
      <button
        type="button"
        className="side-menu__toggle"
        aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
        aria-expanded={!collapsed}
        title={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
        onClick={onToggle}
      >
        {collapsed ? <RightOutlined aria-hidden="true" /> : <LeftOutlined aria-hidden="true" />}
      </button>
    </aside>
  );
}
