import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Menu, type MenuProps } from 'antd';
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
  /** On a narrow window the menu opens as a drawer over the page instead of beside it. */
  drawer?: boolean;
  onToggle: () => void;
  onOpen: (entry: MenuEntry) => void;
}

/** The collapsible left menu with its toggle bar. */
export function SideMenu({
  top,
  highlighted,
  collapsed,
  drawer = false,
  onToggle,
  onOpen,
}: SideMenuProps) {
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

  const menu = (
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
  );
  const open = !collapsed;

  return (
    <aside className={`side-menu${collapsed || drawer ? ' side-menu--collapsed' : ''}`}>
      {drawer ? (
        <Drawer
          open={open}
          placement="left"
          size={Math.min(280, window.innerWidth - 48)}
          title={top.title}
          onClose={onToggle}
          classNames={{ body: 'side-menu__drawer' }}
        >
          <nav aria-label={t('layout.sideMenu')}>{menu}</nav>
        </Drawer>
      ) : (
        <nav className="side-menu__panel" aria-label={t('layout.sideMenu')} hidden={collapsed}>
          {menu}
        </nav>
      )}
      <button
        type="button"
        className="side-menu__toggle"
        aria-label={open ? t('layout.collapseMenu') : t('layout.expandMenu')}
        aria-expanded={open}
        title={open ? t('layout.collapseMenu') : t('layout.expandMenu')}
        onClick={onToggle}
      >
        {open ? <LeftOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
      </button>
    </aside>
  );
}
