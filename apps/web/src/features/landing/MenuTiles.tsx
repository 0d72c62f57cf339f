import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { menuHref, visibleChildren, type MenuEntry } from '../../shared/permissions/menuRoutes';
import { menuIcon } from '../layout/menuIcons';

/** The entries a group opens, its sub-groups' entries included, in menu order. */
function leavesOf(entries: readonly MenuEntry[]): MenuEntry[] {
  return visibleChildren(entries).flatMap((entry) => {
    const kids = visibleChildren(entry.children);
    return kids.length > 0 ? leavesOf(kids) : [entry];
  });
}

function Tile({ entry, schUrl }: { entry: MenuEntry; schUrl: string }) {
  const { t } = useTranslation();
  const href = menuHref(schUrl, entry);
  if (!href) return null;
  const face = (
    <>
      <span className="menu-tile__icon">
        {menuIcon(entry.icon) ?? <AppstoreOutlined aria-hidden="true" />}
      </span>
      <span className="menu-tile__title">{entry.title}</span>
    </>
  );
  return (
    <li>
      {entry.externalUrl ? (
        <a className="menu-tile" href={href} target="_blank" rel="noopener noreferrer">
          {face}
          <ExportOutlined
            className="menu-tile__external"
            aria-label={t('layout.opensInNewWindow')}
          />
        </a>
      ) : (
        <Link className="menu-tile" to={href}>
          {face}
        </Link>
      )}
    </li>
  );
}

function TileGrid({ entries, schUrl }: { entries: MenuEntry[]; schUrl: string }) {
  return (
    <ul className="menu-tiles">
      {entries.map((entry) => (
        <Tile key={entry.id} entry={entry} schUrl={schUrl} />
      ))}
    </ul>
  );
}

/**
 * The user's menus as tiles: entries without a group first, then one titled grid per group of
 * the top menu with every page it opens.
 */
export function MenuTiles({ entries, schUrl }: { entries: MenuEntry[]; schUrl: string }) {
  const top = visibleChildren(entries);
  const single = top.filter((e) => visibleChildren(e.children).length === 0);
  const groups = top.filter((e) => visibleChildren(e.children).length > 0);
  return (
    <div className="menu-tile-groups">
      {single.length > 0 && <TileGrid entries={single} schUrl={schUrl} />}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`menu-group-${group.id}`}>
          <h3 className="menu-tile-groups__title" id={`menu-group-${group.id}`}>
            {menuIcon(group.icon)}
            {group.title}
          </h3>
          <TileGrid entries={leavesOf(group.children)} schUrl={schUrl} />
        </section>
      ))}
    </div>
  );
}
